// Sums every vitest and Playwright JSON report in a folder into one "N passed, N failed" line, and
// names every test that passed only on a retry: a flaky test is a defect to fix, not a pass.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? '.tmp/reports'
let passed = 0
let failed = 0
let skipped = 0
const seen = []
const retried = []

// Playwright's specs that needed more than one run to pass ('flaky'), with their project.
function flakyPlaywrightTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'flaky') continue
      const where = `${spec.file}:${spec.line}`
      retried.push(`[${test.projectName}] ${where} › ${[...path.slice(1), spec.title].join(' › ')}`)
    }
  }
  for (const child of suite.suites ?? []) flakyPlaywrightTests(child, path)
}

for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  if (!name.endsWith('.json')) continue
  let report
  try {
    report = JSON.parse(readFileSync(join(dir, name), 'utf8'))
  } catch {
    continue
  }
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed only on a retry.
    passed += report.stats.expected
    failed += report.stats.unexpected
    skipped += report.stats.skipped ?? 0
    for (const suite of report.suites ?? []) flakyPlaywrightTests(suite)
  } else if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  } else continue
  seen.push(name)
}
console.log(`\nreports: ${seen.join(', ') || 'none'}`)
if (retried.length > 0) {
  console.log(`\nneeded a retry (flaky, to be fixed):`)
  for (const test of retried) console.log(`  ${test}`)
}
console.log(`${passed} passed, ${failed} failed, ${retried.length} flaky, ${skipped} skipped`)
