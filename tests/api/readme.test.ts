import { readFileSync } from 'node:fs'
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
})
