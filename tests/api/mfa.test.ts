import { TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEMO_MFA_SECRET } from '../../server/seed/fixtures'
import { SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, signedIn, type TestApp } from './auth-harness'

const INVALID_CODE = 'Invalid code provided. Please double check your authenticator app.'

interface Enrollment {
  qrDataUrl: string
  secret: string
  recoveryCode: string
}

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})

// The test's own authenticator app (otpauth), not the server's helper.
const codeAt = (secret: string, at: Date) => new TOTP({ secret }).generate({ timestamp: +at })
const code = (secret: string) => codeAt(secret, t.clock.wallNow())
// Codes are single use per 30 s step; the next action needs a fresh step (the phone's real time).
const nextStep = () => t.clock.advanceWall(30)
// A 6-digit code that is not the current one (nor, in practice, a neighbouring step's).
const wrongCode = (secret: string) =>
  String((Number(code(secret)) + 500_000) % 1_000_000).padStart(6, '0')

const enrol = (client: Client, id: string, json: unknown = { type: 'totp' }) =>
  client.request('PUT', `/v1/users/${id}/mfa-enrollment`, { json })
const confirm = (client: Client, id: string, token: unknown) =>
  client.request('PUT', `/v1/users/${id}/mfa-enrollment/confirmation`, {
    json: { type: 'totp', token },
  })
const disable = (client: Client, id: string, mfaToken: unknown) =>
  client.request('DELETE', `/v1/users/${id}/mfa-enrollment`, { json: { mfaToken } })
const current = async (client: Client) =>
  (await (await client.request('GET', '/v1/users/current')).json()) as {
    mfaIsEnabled: boolean
    credentialsChangedAt: string | null
  }

async function startEnrolment(client: Client, id: string): Promise<Enrollment> {
  const res = await enrol(client, id)
  expect(res.status).toBe(200)
  return (await res.json()) as Enrollment
}

describe('the full MFA round trip', () => {
  it('enrols, confirms, signs in with a code, and disables with the recovery code', async () => {
    const client = await signedIn(t.app, EMAILS.manager)
    const id = SEED_USERS.manager

    // Enrol: a real PNG QR of the otpauth URI, the base32 secret and a 24-character recovery code.
    const enrollment = await startEnrolment(client, id)
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrollment.recoveryCode).toMatch(/^[A-Z2-9]{24}$/)
    expect(enrollment.qrDataUrl).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(enrollment.qrDataUrl.split(',')[1] ?? '', 'base64')
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect(png.readUInt32BE(16)).toBe(256)
    const uri = new TOTP({
      issuer: 'FleetPay',
      label: EMAILS.manager,
      secret: enrollment.secret,
    }).toString()
    expect(uri).toContain(`secret=${enrollment.secret}`)
    // QR encoding is deterministic: the image is exactly the QR of that URI.
    const expectedQr = await QRCode.toDataURL(uri, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 256,
    })
    expect(enrollment.qrDataUrl).toBe(expectedQr)
    expect((await current(client)).mfaIsEnabled).toBe(false)

    // Confirm: docs/validation.md#mfa-codes shape rules, then a wrong code, then the code of the test's authenticator.
    for (const token of ['12345', '12a456', '', 123456]) {
      const res = await confirm(client, id, token)
      expect(res.status).toBe(400)
      expect((await errorBody(res)).message).toBe(INVALID_CODE)
    }
    const wrong = await confirm(client, id, wrongCode(enrollment.secret))
    expect(wrong.status).toBe(400)
    expect(await errorBody(wrong)).toEqual({ message: INVALID_CODE, code: 'invalid_mfa_token' })
    const confirmed = await confirm(client, id, code(enrollment.secret))
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({ id, mfaIsEnabled: true })
    expect((await current(client)).credentialsChangedAt).not.toBeNull()

    // Sign out; signing in now needs a code.
    expect((await client.request('DELETE', '/v1/tokens/all')).status).toBe(204)
    expect((await client.request('GET', '/v1/users/current')).status).toBe(401)
    const noCode = await client.login(EMAILS.manager)
    expect(noCode.status).toBe(400)
    expect((await errorBody(noCode)).message).toBe('MFA token required')
    nextStep()
    expect((await client.login(EMAILS.manager, { mfaToken: code(enrollment.secret) })).status).toBe(
      200,
    )

    // Disable: a 6- or 24-character code only; a wrong recovery code fails; the real one works.
    for (const token of ['12345', '1234567', 'A'.repeat(23), 'A'.repeat(25)]) {
      const res = await disable(client, id, token)
      expect(res.status).toBe(400)
      expect((await errorBody(res)).message).toBe(INVALID_CODE)
    }
    const wrongRecovery = await disable(client, id, 'ABCDEFGHJKMNPQRSTVWXYZ23')
    expect(await errorBody(wrongRecovery)).toEqual({
      message: INVALID_CODE,
      code: 'invalid_mfa_token',
    })
    const disabled = await disable(client, id, enrollment.recoveryCode.toLowerCase())
    expect(disabled.status).toBe(200)
    expect(await disabled.json()).toMatchObject({ id, mfaIsEnabled: false })

    // Off again: sign-in needs no code, and the recovery code is spent.
    expect((await new Client(t.app).login(EMAILS.manager)).status).toBe(200)
    expect((await disable(client, id, enrollment.recoveryCode)).status).toBe(409)
  })

  it('disables with a 6-digit authenticator code too', async () => {
    const client = new Client(t.app)
    expect((await client.login(EMAILS.mfa, { mfaToken: code(DEMO_MFA_SECRET) })).status).toBe(200)
    // The sign-in code cannot be used again.
    const reused = await disable(client, SEED_USERS.mfa, code(DEMO_MFA_SECRET))
    expect((await errorBody(reused)).code).toBe('invalid_mfa_token')
    nextStep()
    const res = await disable(client, SEED_USERS.mfa, code(DEMO_MFA_SECRET))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mfaIsEnabled: false })
    expect((await new Client(t.app).login(EMAILS.mfa)).status).toBe(200)
  })
})

describe('MFA enrolment rules', () => {
  it.each([
    ['owner', EMAILS.owner, SEED_USERS.owner],
    ['manager', EMAILS.manager, SEED_USERS.manager],
    ['viewer', 'viewer@example.com', SEED_USERS.viewer],
  ])('the %s manages their own MFA like anyone else', async (_, email, id) => {
    const client = await signedIn(t.app, email)
    const { secret } = await startEnrolment(client, id)
    expect((await confirm(client, id, code(secret))).status).toBe(200)
    nextStep()
    expect((await disable(client, id, code(secret))).status).toBe(200)
  })

  it("refuses another user's enrolment, confirmation and disabling with 403", async () => {
    const manager = await signedIn(t.app, EMAILS.manager)
    const target = SEED_USERS.mfa
    expect((await enrol(manager, target)).status).toBe(403)
    expect((await confirm(manager, target, code(DEMO_MFA_SECRET))).status).toBe(403)
    expect((await disable(manager, target, code(DEMO_MFA_SECRET))).status).toBe(403)
    expect((await enrol(manager, 'usr_nobody')).status).toBe(403)
    // The MFA user still needs a code.
    const noCode = await new Client(t.app).login(EMAILS.mfa)
    expect((await errorBody(noCode)).message).toBe('MFA token required')
  })

  it('answers state conflicts with 409', async () => {
    const mfaUser = new Client(t.app)
    expect((await mfaUser.login(EMAILS.mfa, { mfaToken: code(DEMO_MFA_SECRET) })).status).toBe(200)
    const again = await enrol(mfaUser, SEED_USERS.mfa)
    expect(again.status).toBe(409)
    expect((await errorBody(again)).code).toBe('mfa_already_enabled')

    const owner = await signedIn(t.app, EMAILS.owner)
    const nothingPending = await confirm(owner, SEED_USERS.owner, '123456')
    expect(nothingPending.status).toBe(409)
    expect((await errorBody(nothingPending)).code).toBe('mfa_enrollment_missing')
    const notEnabled = await disable(owner, SEED_USERS.owner, '123456')
    expect(notEnabled.status).toBe(409)
    expect((await errorBody(notEnabled)).code).toBe('mfa_not_enabled')
  })

  it('restarts on a second request: only the newest secret confirms', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const first = await startEnrolment(client, SEED_USERS.owner)
    const second = await startEnrolment(client, SEED_USERS.owner)
    expect(second.secret).not.toBe(first.secret)
    expect(second.recoveryCode).not.toBe(first.recoveryCode)
    expect((await confirm(client, SEED_USERS.owner, code(first.secret))).status).toBe(400)
    expect((await confirm(client, SEED_USERS.owner, code(second.secret))).status).toBe(200)
    // Only the second enrolment's recovery code is valid.
    expect((await disable(client, SEED_USERS.owner, first.recoveryCode)).status).toBe(400)
    expect((await disable(client, SEED_USERS.owner, second.recoveryCode)).status).toBe(200)
  })

  it('validates the enrolment body', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    expect((await enrol(client, SEED_USERS.owner, { type: 'sms' })).status).toBe(400)
    expect((await enrol(client, SEED_USERS.owner, {})).status).toBe(400)
    const noBody = await client.request('PUT', `/v1/users/${SEED_USERS.owner}/mfa-enrollment`)
    expect(noBody.status).toBe(400)
    const noDisableBody = await client.request(
      'DELETE',
      `/v1/users/${SEED_USERS.owner}/mfa-enrollment`,
    )
    expect(noDisableBody.status).toBe(400)
  })

  it('locks code checks after 10 wrong codes in a row', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const { secret } = await startEnrolment(client, SEED_USERS.owner)
    for (let i = 0; i < 10; i += 1) {
      expect((await confirm(client, SEED_USERS.owner, wrongCode(secret))).status).toBe(400)
    }
    const locked = await confirm(client, SEED_USERS.owner, code(secret))
    expect(locked.status).toBe(429)
    expect((await errorBody(locked)).code).toBe('too_many_attempts')
    t.clock.advance(15 * 60 + 1)
    // The access token lived 15 minutes too; the portal refreshes it.
    expect((await client.refresh()).status).toBe(200)
    expect((await confirm(client, SEED_USERS.owner, code(secret))).status).toBe(200)
  })
})
