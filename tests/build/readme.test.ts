import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_MFA_SECRET, DEMO_USERS } from '../../server/seed/index'

// The README's demo logins must stay true to what the seed creates.
describe('README', () => {
  const readme = readFileSync('README.md', 'utf8')

  it.each(DEMO_USERS.map((u) => [u.email, u.password]))(
    'lists %s with its password',
    (email, password) => {
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      expect(readme).toMatch(
        new RegExp(`\\| \`${escape(email)}\` +\\| \`${escape(password)}\` +\\|`),
      )
    },
  )

  it("gives the MFA user's TOTP secret", () => {
    expect(readme).toContain(DEMO_MFA_SECRET)
  })

  it('shows the two commands', () => {
    expect(readme).toContain('npm ci && npm start')
    expect(readme).toContain('npm test')
  })

  // Test switches (test mode, fault injection) are not configuration a person sets.
  const TEST_ONLY = new Set(['MODE', 'NODE_ENV', 'SANDBOX_FAULT'])

  it('lists every environment variable the server reads in its configuration table', () => {
    const read = new Set<string>()
    const files = readdirSync('server', { recursive: true, encoding: 'utf8' })
    for (const file of files.filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(join('server', file), 'utf8')
      for (const match of source.matchAll(/\benv(?:\.|,\s*')([A-Z][A-Z0-9_]+)/g))
        read.add(match[1]!)
    }
    expect(read).toContain('WEBHOOK_LEASE_SECONDS')
    const start = readme.indexOf('## Configuration')
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1))
    const missing = [...read].filter(
      (name) => !TEST_ONLY.has(name) && !table.includes(`\`${name}\``),
    )
    expect(missing).toEqual([])
  })
})
