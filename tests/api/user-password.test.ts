import { TOTP } from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEMO_MFA_SECRET, DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, signedIn, type TestApp } from './auth-harness'

const NEW_PASSWORD = 'Quiet-Harbour-Lights-88'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})

// The authenticator app of the test, computed independently of the server's TOTP code.
const codeFor = (secret: string, at: Date) => new TOTP({ secret }).generate({ timestamp: +at })

const changePassword = (client: Client, id: string, json: Record<string, unknown>) =>
  client.request('PUT', `/v1/users/${id}/password`, { json })

const mfaLogin = async (device = 'device-1') => {
  const client = new Client(t.app)
  const res = await client.login(EMAILS.mfa, {
    device,
    mfaToken: codeFor(DEMO_MFA_SECRET, t.clock.wallNow()),
  })
  expect(res.status).toBe(200)
  // The next code of this step would be refused as reused; move on to a fresh step.
  t.clock.advanceWall(30)
  return client
}

describe('PUT /v1/users/{id}/password without MFA', () => {
  it('changes the password, stamps credentialsChangedAt and keeps this device signed in', async () => {
    const here = await signedIn(t.app, EMAILS.owner)
    const elsewhere = new Client(t.app)
    expect((await elsewhere.login(EMAILS.owner, { device: 'device-2' })).status).toBe(200)
    t.clock.advance(5)

    const before = t.clock.now().getTime()
    const res = await changePassword(here, SEED_USERS.owner, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(200)
    const user = (await res.json()) as { credentialsChangedAt: string; updatedAt: string }
    const changedAt = Date.parse(user.credentialsChangedAt)
    expect(changedAt).toBeGreaterThanOrEqual(before)
    expect(changedAt).toBeLessThanOrEqual(t.clock.now().getTime())
    expect(user.updatedAt).toBe(user.credentialsChangedAt)

    // The portal re-authenticates with a refresh-token request after its 2 s wait (docs/states.md#password).
    t.clock.advance(2)
    expect((await here.refresh()).status).toBe(200)
    expect((await here.request('GET', '/v1/users/current')).status).toBe(200)

    // Every other device is signed out: its access token and its refresh token are dead.
    const otherAccess = await elsewhere.request('GET', '/v1/users/current')
    expect(otherAccess.status).toBe(401)
    expect((await errorBody(otherAccess)).code).toBe('invalid_token')
    const otherRefresh = await elsewhere.refresh({ device: 'device-2' })
    expect(otherRefresh.status).toBe(400)
    expect((await errorBody(otherRefresh)).message).toBe('Token expired')

    expect((await new Client(t.app).login(EMAILS.owner)).status).toBe(400)
    expect((await new Client(t.app).login(EMAILS.owner, { password: NEW_PASSWORD })).status).toBe(
      200,
    )
  })

  it('refuses a wrong current password and leaves the old one working', async () => {
    const client = await signedIn(t.app, EMAILS.manager)
    const res = await changePassword(client, SEED_USERS.manager, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Current password is incorrect',
      code: 'invalid_current_password',
    })
    expect((await new Client(t.app).login(EMAILS.manager)).status).toBe(200)
  })

  it('locks the account after 10 wrong current passwords', async () => {
    const client = await signedIn(t.app, EMAILS.manager)
    const wrong = () =>
      changePassword(client, SEED_USERS.manager, {
        currentPassword: 'guess',
        newPassword: NEW_PASSWORD,
      })
    for (let i = 0; i < 10; i += 1) expect((await wrong()).status).toBe(400)
    const locked = await changePassword(client, SEED_USERS.manager, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(locked.status).toBe(429)
    expect((await errorBody(locked)).code).toBe('too_many_attempts')
  })

  it.each([
    ['a compromised password', 'Password123!', 'Password appears in list of compromised passwords'],
    [
      'a prohibited word',
      'My-Taxi-Ride-2025!',
      'Invalid format: Password contains words from prohibited list',
    ],
  ])('refuses %s with the exact documented message', async (_, newPassword, message) => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await changePassword(client, SEED_USERS.owner, {
      currentPassword: DEMO_PASSWORD,
      newPassword,
    })
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe(message)
    expect((await new Client(t.app).login(EMAILS.owner)).status).toBe(200)
  })

  it('refuses the email address as the new password, naming the newPassword field', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await changePassword(client, SEED_USERS.owner, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'OWNER@example.com',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      message: 'Cannot use your email address as a password.',
      errors: [
        { field: 'newPassword', messages: ['Cannot use your email address as a password.'] },
      ],
    })
  })

  it('validates the body: missing fields, short passwords and junk are 400', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const id = SEED_USERS.owner
    const missing = await changePassword(client, id, { newPassword: NEW_PASSWORD })
    expect(missing.status).toBe(400)
    expect((await res400Fields(missing)).sort()).toEqual(['currentPassword'])
    const short = await changePassword(client, id, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Ab1!',
    })
    expect(await res400Fields(short)).toEqual(['newPassword'])
    const junk = await client.request('PUT', `/v1/users/${id}/password`, {
      body: 'password=1',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(junk.status).toBe(415)
  })

  it("refuses another user's password", async () => {
    const client = await signedIn(t.app, EMAILS.manager)
    const res = await changePassword(client, SEED_USERS.owner, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(403)
    expect((await new Client(t.app).login(EMAILS.owner)).status).toBe(200)
  })
})

describe('PUT /v1/users/{id}/password with MFA on', () => {
  it('asks for the code with the documented message', async () => {
    const client = await mfaLogin()
    const res = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'MFA token required', code: 'mfa_required' })
  })

  it('refuses a wrong code', async () => {
    const client = await mfaLogin()
    const good = codeFor(DEMO_MFA_SECRET, t.clock.wallNow())
    const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0')
    const res = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      mfaToken: wrong,
    })
    expect(res.status).toBe(400)
    expect(await errorBody(res)).toEqual({
      message: 'Invalid code provided. Please double check your authenticator app.',
      code: 'invalid_mfa_token',
    })
  })

  it('does not spend the code on a refused new password', async () => {
    const client = await mfaLogin()
    const code = codeFor(DEMO_MFA_SECRET, t.clock.wallNow())
    const refused = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Password123!',
      mfaToken: code,
    })
    expect((await errorBody(refused)).message).toBe(
      'Password appears in list of compromised passwords',
    )
    const accepted = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      mfaToken: code,
    })
    expect(accepted.status).toBe(200)
    // A code works once: replaying it for another change is refused.
    const replay = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: NEW_PASSWORD,
      newPassword: 'Another-Calm-Evening-42',
      mfaToken: code,
    })
    expect(replay.status).toBe(400)
    expect((await errorBody(replay)).code).toBe('invalid_mfa_token')
  })

  it('changes the password with a valid code; sign-in then needs the new password and a code', async () => {
    const client = await mfaLogin()
    const res = await changePassword(client, SEED_USERS.mfa, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      mfaToken: codeFor(DEMO_MFA_SECRET, t.clock.wallNow()),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mfaIsEnabled: true })
    t.clock.advanceWall(30)
    const fresh = new Client(t.app)
    const noCode = await fresh.login(EMAILS.mfa, { password: NEW_PASSWORD })
    expect((await errorBody(noCode)).message).toBe('MFA token required')
    const withCode = await fresh.login(EMAILS.mfa, {
      password: NEW_PASSWORD,
      mfaToken: codeFor(DEMO_MFA_SECRET, t.clock.wallNow()),
    })
    expect(withCode.status).toBe(200)
  })
})

async function res400Fields(res: Response): Promise<string[]> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { errors?: { field: string }[] }
  return (body.errors ?? []).map((e) => e.field)
}
