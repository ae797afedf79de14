import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createRecoveryCode } from '../../server/auth/mfa'
import { hashPassword, setPasswordHashMode, verifyPassword } from '../../server/auth/password'
import { assertNewPasswordAllowed } from '../../server/auth/policy'
import { totpCodeAt } from '../../server/auth/totp'
import { mfaRecoveryCodes } from '../../server/db/schema/auth'
import { HttpError } from '../../server/errors'
import { DEMO_MFA_SECRET } from '../../server/seed/index'
import { SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, type TestApp } from './auth-harness'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

describe('password grant', () => {
  it('signs in and answers only with the session expiry', async () => {
    const client = new Client(t.app)
    const res = await client.login(EMAILS.owner)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['expiresAt'])
    const expiresIn = Date.parse(String(body.expiresAt)) - t.clock.now().getTime()
    expect(expiresIn).toBeGreaterThan(29 * 24 * 3600_000)
    expect(expiresIn).toBeLessThanOrEqual(30 * 24 * 3600_000)
  })

  it('sets HttpOnly, SameSite=Strict, Secure cookies on path /', async () => {
    const res = await new Client(t.app).login(EMAILS.owner)
    const cookies = res.headers.getSetCookie()
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['access_token', 'refresh_token'])
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; HttpOnly/)
      expect(cookie).toMatch(/; SameSite=Strict/)
      expect(cookie).toMatch(/; Path=\//)
      expect(cookie).toMatch(/; Secure/)
    }
  })

  it('leaves Secure off on plain-http localhost', async () => {
    const local = await createTestApp({ insecureCookies: true })
    const res = await new Client(local.app).login(EMAILS.owner)
    expect(res.status).toBe(200)
    for (const cookie of res.headers.getSetCookie()) expect(cookie).not.toMatch(/Secure/)
  })

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await new Client(t.app).login(EMAILS.manager, { password: 'not-the-password' })
    const unknown = await new Client(t.app).login('nobody-here@example.com')
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(await wrong.json()).toEqual({
      message: 'Invalid email address or password',
      code: 'invalid_credentials',
    })
    expect(await unknown.json()).toEqual({
      message: 'Invalid email address or password',
      code: 'invalid_credentials',
    })
  })

  it('refuses a compromised password with the documented message', async () => {
    const res = await new Client(t.app).login(EMAILS.compromised, { password: 'Password123!' })
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe('Password appears in list of compromised passwords')
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('needs a device identifier', async () => {
    const res = await new Client(t.app).request('POST', '/v1/tokens', {
      json: { type: 'refresh', grantType: 'password', emailAddress: EMAILS.owner, password: 'x' },
    })
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe('Device identifier required')
  })

  it('reports field errors for a malformed grant', async () => {
    const res = await new Client(t.app).request('POST', '/v1/tokens', {
      json: {
        type: 'refresh',
        grantType: 'password',
        emailAddress: 'not-an-email',
        password: '',
        deviceIdentifier: 'd',
      },
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: { field: string }[] }
    expect(body.errors.map((e) => e.field).sort()).toEqual(['emailAddress', 'password'])
  })
})

describe('MFA', () => {
  // Issue 49, rule 11: the phone knows nothing of the sandbox clock.
  it('accepts the code of real time after the sandbox clock moved 2 minutes on', async () => {
    const moved = await new Client(t.app).request('POST', '/sandbox/clock', {
      json: { advanceSeconds: 120 },
    })
    expect(moved.status).toBe(200)
    const app = await new Client(t.app).login(EMAILS.mfa, {
      mfaToken: totpCodeAt(DEMO_MFA_SECRET, new Date()),
    })
    expect(app.status).toBe(200)
    // The server's own windows still follow the sandbox clock, 2 minutes ahead of real time.
    const expiresAt = Date.parse(((await app.json()) as { expiresAt: string }).expiresAt)
    const sandboxNow = t.clock.now().getTime()
    expect(expiresAt - sandboxNow).toBeGreaterThan(29 * 24 * 3600_000)
    expect(expiresAt - Date.now()).toBeGreaterThan(expiresAt - sandboxNow + 100_000)
    // This code's step is spent: the tests below use the phone's next one.
    t.clock.advanceWall(30)
  })

  it('asks for the code, accepts a fresh TOTP once and refuses its reuse', async () => {
    const client = new Client(t.app)
    const first = await client.login(EMAILS.mfa)
    expect(first.status).toBe(400)
    expect((await errorBody(first)).message).toBe('MFA token required')

    const code = totpCodeAt(DEMO_MFA_SECRET, t.clock.wallNow())
    const ok = await client.login(EMAILS.mfa, { mfaToken: code })
    expect(ok.status).toBe(200)

    const replay = await new Client(t.app).login(EMAILS.mfa, { mfaToken: code, device: 'other' })
    expect(replay.status).toBe(400)
    expect((await errorBody(replay)).code).toBe('invalid_mfa_token')

    // The next 30 s step gives a new code that works once.
    t.clock.advanceWall(30)
    const next = await new Client(t.app).login(EMAILS.mfa, {
      mfaToken: totpCodeAt(DEMO_MFA_SECRET, t.clock.wallNow()),
    })
    expect(next.status).toBe(200)
  })

  it('accepts one step of drift but not two', async () => {
    t.clock.advanceWall(90)
    const now = t.clock.wallNow().getTime()
    const late = await new Client(t.app).login(EMAILS.mfa, {
      mfaToken: totpCodeAt(DEMO_MFA_SECRET, new Date(now + 30_000)),
    })
    expect(late.status).toBe(200)
    t.clock.advanceWall(90)
    const stale = await new Client(t.app).login(EMAILS.mfa, {
      mfaToken: totpCodeAt(DEMO_MFA_SECRET, new Date(t.clock.wallNow().getTime() - 60_000)),
    })
    expect(stale.status).toBe(400)
  })

  it('signs in once with a recovery code and turns MFA off', async () => {
    const mfaApp = await createTestApp()
    const db = mfaApp.database.db
    const code = await createRecoveryCode(db, SEED_USERS.mfa, mfaApp.clock.now())
    expect(code).toHaveLength(24)
    const client = new Client(mfaApp.app)
    const res = await client.login(EMAILS.mfa, { mfaToken: code })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mfaDisabled: true })
    const me = await client.request('GET', '/v1/users/current')
    expect(((await me.json()) as { mfaIsEnabled: boolean }).mfaIsEnabled).toBe(false)
    // Codes are kept hashed, never in clear text, and are gone once MFA is off.
    const stored = await db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, SEED_USERS.mfa))
    expect(stored).toEqual([])
    // Without MFA the login no longer asks for a code.
    expect((await new Client(mfaApp.app).login(EMAILS.mfa)).status).toBe(200)
  })
})

describe('lockout', () => {
  it('locks the account for 15 minutes after 10 failed attempts', async () => {
    const lockApp = await createTestApp()
    const client = new Client(lockApp.app)
    for (let i = 0; i < 10; i += 1) {
      const res = await client.login(EMAILS.manager, { password: `wrong-${i}` })
      expect(res.status).toBe(400)
    }
    const locked = await client.login(EMAILS.manager)
    expect(locked.status).toBe(429)
    const body = await errorBody(locked)
    expect(body.code).toBe('too_many_attempts')
    expect(body.message).toMatch(/try again in 15 minutes/)
    lockApp.clock.advance(14 * 60)
    expect((await client.login(EMAILS.manager)).status).toBe(429)
    lockApp.clock.advance(61)
    expect((await client.login(EMAILS.manager)).status).toBe(200)
  })

  it('counts failed MFA codes too, and a success resets the run', async () => {
    const lockApp = await createTestApp()
    const client = new Client(lockApp.app)
    for (let i = 0; i < 9; i += 1) {
      expect((await client.login(EMAILS.mfa, { mfaToken: '000000' })).status).toBe(400)
    }
    const good = totpCodeAt(DEMO_MFA_SECRET, lockApp.clock.wallNow())
    expect((await client.login(EMAILS.mfa, { mfaToken: good })).status).toBe(200)
    for (let i = 0; i < 10; i += 1) {
      expect((await client.login(EMAILS.mfa, { mfaToken: '000000' })).status).toBe(400)
    }
    lockApp.clock.advanceWall(30)
    const fresh = totpCodeAt(DEMO_MFA_SECRET, lockApp.clock.wallNow())
    expect((await client.login(EMAILS.mfa, { mfaToken: fresh })).status).toBe(429)
  })
})

describe('password hashing and rules', () => {
  it('hashes with scrypt, light under test and OWASP parameters in production', async () => {
    const light = await hashPassword('correct horse battery staple')
    expect(light).toMatch(/^scrypt\$1024\$8\$1\$/)
    expect(await verifyPassword(light, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(light, 'correct horse battery stapler')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
    setPasswordHashMode('production')
    try {
      const strong = await hashPassword('correct horse battery staple')
      expect(strong).toMatch(/^scrypt\$131072\$8\$1\$/)
      expect(await verifyPassword(strong, 'correct horse battery staple')).toBe(true)
    } finally {
      setPasswordHashMode('test')
    }
  })

  it('rejects prohibited words, compromised passwords and the email address', () => {
    const message = (password: string) => {
      try {
        assertNewPasswordAllowed(password, 'someone@example.com')
        return null
      } catch (error) {
        return error instanceof HttpError ? error.message : String(error)
      }
    }
    expect(message('MyTaxi-Rules-99')).toBe(
      'Invalid format: Password contains words from prohibited list',
    )
    expect(message('gateway-lamp-horse')).toBe(
      'Invalid format: Password contains words from prohibited list',
    )
    expect(message('Password123!')).toBe('Password appears in list of compromised passwords')
    expect(message('someone@example.com')).toBe('Cannot use your email address as a password.')
    expect(message('short')).toBe('Password should be at least 8 characters long')
    expect(message('purple-lamp-horse-42')).toBeNull()
  })
})
