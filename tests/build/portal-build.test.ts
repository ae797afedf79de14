// When `npm start --build-if-stale`, the tests and the benches rebuild the portal.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { portalIsStale } from '../../server/portal-build'

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

function checkout() {
  root = mkdtempSync(join(tmpdir(), 'portal-build-'))
  mkdirSync(join(root, 'src/session'), { recursive: true })
  mkdirSync(join(root, 'dist'))
  const file = (path: string, secondsAgo: number) => {
    writeFileSync(join(root, path), '')
    const at = new Date(Date.now() - secondsAgo * 1000)
    utimesSync(join(root, path), at, at)
  }
  file('src/session/auth.ts', 300)
  file('src/session/auth.test.ts', 300)
  // A folder's time changes when a file is added or removed, which a rebuild must follow too.
  const old = new Date(Date.now() - 300_000)
  for (const folder of ['src/session', 'src']) utimesSync(join(root, folder), old, old)
  file('dist/index.html', 200)
  return file
}

describe('portalIsStale', () => {
  it('is fresh when nothing changed since the build, and stale without a build', () => {
    checkout()
    expect(portalIsStale(join(root, 'dist'), root)).toBe(false)
    expect(portalIsStale(join(root, 'nowhere'), root)).toBe(true)
  })

  it('is stale when a source changed since the build', () => {
    const file = checkout()
    file('src/session/auth.ts', 10)
    expect(portalIsStale(join(root, 'dist'), root)).toBe(true)
  })

  it('ignores edits to unit tests beside the code: they are not part of the build', () => {
    const file = checkout()
    file('src/session/auth.test.ts', 10)
    expect(portalIsStale(join(root, 'dist'), root)).toBe(false)
  })

  it('is stale when a source file is removed', () => {
    checkout()
    rmSync(join(root, 'src/session/auth.ts'))
    expect(portalIsStale(join(root, 'dist'), root)).toBe(true)
  })
})
