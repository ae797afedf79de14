// The list engine has one entry (docs/server-resources.md#the-list-engine): code outside
// server/lib/list-engine/ imports 'server/lib/list-engine', never a module inside it, so the
// engine's modules can be cut again without touching a list.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const INSIDE = /(?:^|\/)list-engine\/[\w.-]+['"]/

it('imports the list engine only by its entry', () => {
  const offenders: string[] = []
  for (const root of ['server', 'tests', 'src', 'scripts']) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const path = join(root, file)
      if (!/\.tsx?$/.test(file) || path.startsWith(join('server', 'lib', 'list-engine'))) continue
      const source = readFileSync(path, 'utf8')
      for (const match of source.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        if (INSIDE.test(`${match[1]}'`)) offenders.push(`${path}: ${match[1]}`)
      }
    }
  }
  expect(offenders).toEqual([])
})
