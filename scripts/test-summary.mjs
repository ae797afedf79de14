// Sums every vitest and Playwright JSON report in a folder into one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? '.tmp/reports'
let passed = 0
let failed = 0
let skipped = 0
const seen = []
for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  if (!name.endsWith('.json')) continue
  let report
  try {
    report = JSON.parse(readFileSync(join(dir, name), 'utf8'))
  } catch {
    continue
  }
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry.
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    skipped += report.stats.skipped ?? 0
  } else if ('numPassedTests' in report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  } else continue
  seen.push(name)
}
console.log(`\nreports: ${seen.join(', ') || 'none'}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
