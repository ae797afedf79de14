import { beforeEach, describe, expect, it } from 'vitest'
import { listOutboxMessages } from '../../server/sandbox/outbox'
import { SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, DEMO_PASSWORD, errorBody, type TestApp } from './auth-harness'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})

const PASSWORD = 'Quiet-Harbour-Lanterns-42'

function register(client: Client, json: unknown) {
  return client.request('POST', '/v1/registrations', { json })
}

describe('POST /v1/registrations', () => {
  it('creates a user without accounts who can then sign in with the password grant', async () => {
    const client = new Client(t.app)
    const res = await register(client, {
      emailAddress: 'New.Driver@Example.com',
      password: PASSWORD,
      firstName: 'Zoë',
      lastName: 'Ó Briain',
    })
    expect(res.status).toBe(201)
    const user = (await res.json()) as Record<string, unknown>
    expect(user).toMatchObject({
      emailAddress: 'new.driver@example.com',
      firstName: 'Zoë',
      lastName: 'Ó Briain',
      displayName: 'Zoë Ó Briain',
      mfaIsEnabled: false,
    })
    expect(user.id).toMatch(/^usr_[0-9a-f]{20}$/)
    expect(user).not.toHaveProperty('passwordHash')
    // Registration itself does not sign in (then a login with grantType password, docs/api.md#users-and-session).
    expect(client.cookies.size).toBe(0)

    expect((await client.login('new.driver@example.com', { password: PASSWORD })).status).toBe(200)
    const accounts = await client.request('GET', '/v1/submerchants?sort=name')
    expect(accounts.status).toBe(200)
    expect(await accounts.json()).toEqual([])
  })

  it('keeps names optional and shows the email as display name without them', async () => {
    const res = await register(new Client(t.app), {
      emailAddress: 'solo@example.com',
      password: PASSWORD,
      firstName: '  ',
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      firstName: null,
      lastName: null,
      displayName: 'solo@example.com',
    })
  })

  it('answers a taken email exactly as a new one and mails the owner instead', async () => {
    const fresh = await register(new Client(t.app), {
      emailAddress: 'brand.new@example.com',
      password: PASSWORD,
    })
    const client = new Client(t.app)
    const taken = await register(client, { emailAddress: 'OWNER@example.com', password: PASSWORD })
    expect(taken.status).toBe(fresh.status)
    const [a, b] = [(await fresh.json()) as object, (await taken.json()) as object]
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort())
    expect(b).toMatchObject({ emailAddress: 'owner@example.com', mfaIsEnabled: false })
    expect((b as { id: string }).id).not.toBe(SEED_USERS.owner)

    const [message] = await listOutboxMessages(t.database.db)
    expect(message).toMatchObject({
      channel: 'email',
      kind: 'registration_attempt',
      recipient: 'owner@example.com',
      subject: 'Someone tried to register with your email address',
    })
    // The portal's next step (docs/api.md#users-and-session), the login, fails like any wrong password; the owner's password still works.
    const login = await client.login('owner@example.com', { password: PASSWORD })
    expect(login.status).toBe(400)
    expect((await errorBody(login)).message).toBe('Invalid email address or password')
    expect((await client.login('owner@example.com', { password: DEMO_PASSWORD })).status).toBe(200)
  })

  it('checks the password like every new password', async () => {
    const client = new Client(t.app)
    const cases: Array<[string, string]> = [
      ['Password123!', 'Password appears in list of compromised passwords'],
      ['Fleetpay-Harbour-99', 'Invalid format: Password contains words from prohibited list'],
      ['same@example.com', 'Cannot use your email address as a password.'],
    ]
    for (const [password, message] of cases) {
      const res = await register(client, { emailAddress: 'same@example.com', password })
      expect(res.status).toBe(400)
      expect((await errorBody(res)).message).toBe(message)
    }
  })

  it('answers bad input with field errors, never a crash', async () => {
    const client = new Client(t.app)
    const fieldsOf = async (json: unknown) => {
      const res = await register(client, json)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { errors?: Array<{ field: string }> }
      return body.errors?.map((e) => e.field) ?? []
    }
    expect(await fieldsOf({})).toEqual(expect.arrayContaining(['emailAddress', 'password']))
    expect(await fieldsOf({ emailAddress: 'nope', password: PASSWORD })).toEqual(['emailAddress'])
    expect(await fieldsOf({ emailAddress: 'a@example.com', password: 'short' })).toEqual([
      'password',
    ])
    expect(await fieldsOf({ emailAddress: 'a@example.com', password: 'x'.repeat(10_000) })).toEqual(
      ['password'],
    )
    expect(
      await fieldsOf({
        emailAddress: 'a@example.com',
        password: PASSWORD,
        firstName: 'ü'.repeat(101),
      }),
    ).toEqual(['firstName'])
    const notJson = await client.request('POST', '/v1/registrations', {
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(notJson.status).toBe(400)
    expect((await register(client, ['array'])).status).toBe(400)
  })
})
