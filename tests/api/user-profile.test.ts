import { ArkErrors } from 'arktype'
import { beforeAll, describe, expect, it } from 'vitest'
import { Submerchant } from '@/api/schema/submerchants'
import { User } from '@/api/schema/users'
import { SEED_SUBMERCHANTS, SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, signedIn, type TestApp } from './auth-harness'
import { TEST_API_KEY_TOKEN } from './helpers/db'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

const currentUser = async (client: Client) => {
  const res = await client.request('GET', '/v1/users/current')
  expect(res.status).toBe(200)
  const user = User(await res.json())
  if (user instanceof ArkErrors) throw new Error(user.summary)
  return user
}

const patch = (client: Client, id: string, json: unknown) =>
  client.request('PATCH', `/v1/users/${id}`, { json })

describe('PATCH /v1/users/{id}', () => {
  it.each([
    ['owner', EMAILS.owner, SEED_USERS.owner],
    ['manager', EMAILS.manager, SEED_USERS.manager],
    ['viewer', 'viewer@example.com', SEED_USERS.viewer],
  ])('lets a %s change their own names (same rights for every role)', async (_, email, id) => {
    const client = await signedIn(t.app, email)
    const before = await currentUser(client)
    t.clock.advance(5)
    const res = await patch(client, id, { firstName: '  Sam ', lastName: 'Taylor-Jones' })
    expect(res.status).toBe(200)
    const body = User(await res.json())
    if (body instanceof ArkErrors) throw new Error(body.summary)
    expect(body).toMatchObject({
      id,
      firstName: 'Sam',
      lastName: 'Taylor-Jones',
      displayName: 'Sam Taylor-Jones',
      emailAddress: email,
      credentialsChangedAt: before.credentialsChangedAt,
    })
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect(await currentUser(client)).toEqual(body)
  })

  it('returns the user unchanged, updatedAt included, for an empty change', async () => {
    const client = await signedIn(t.app, EMAILS.noAccounts)
    const before = await currentUser(client)
    t.clock.advance(5)
    const res = await patch(client, SEED_USERS.noAccounts, {})
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(before)
  })

  it('changes only the names sent', async () => {
    const client = await signedIn(t.app, EMAILS.noAccounts)
    const res = await patch(client, SEED_USERS.noAccounts, { lastName: 'N' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      firstName: 'Nina',
      lastName: 'N',
      displayName: 'Nina N',
    })
  })

  it('applies the documented lengths: first name 2+, last name 1+, after trimming', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await patch(client, SEED_USERS.owner, { firstName: 'A', lastName: '   ' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; errors: { field: string }[] }
    expect(body.code).toBe('invalid_request')
    expect(body.errors.map((e) => e.field).sort()).toEqual(['firstName', 'lastName'])
    expect((await patch(client, SEED_USERS.owner, { firstName: 42 })).status).toBe(400)
    expect((await patch(client, SEED_USERS.owner, { firstName: 'x'.repeat(101) })).status).toBe(400)
  })

  it('refuses to change the read-only email address', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await patch(client, SEED_USERS.owner, { emailAddress: 'new@example.com' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: { field: string; messages: string[] }[] }
    expect(body.errors).toEqual([
      { field: 'emailAddress', messages: ['emailAddress must be removed'] },
    ])
    expect((await currentUser(client)).emailAddress).toBe(EMAILS.owner)
  })

  it('answers bad bodies with a 4xx, never a 5xx', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const url = `/v1/users/${SEED_USERS.owner}`
    const malformed = await client.request('PATCH', url, {
      body: '{"firstName":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await patch(client, SEED_USERS.owner, ['Sam'])).status).toBe(400)
    expect((await patch(client, SEED_USERS.owner, null)).status).toBe(400)
    expect((await client.request('PATCH', url)).status).toBe(400)
  })

  it("refuses another user's id, existing or not, with the same 403", async () => {
    const client = await signedIn(t.app, EMAILS.manager)
    const other = await patch(client, SEED_USERS.owner, { firstName: 'Mallory' })
    const unknown = await patch(client, 'usr_does_not_exist', { firstName: 'Mallory' })
    expect(other.status).toBe(403)
    expect(unknown.status).toBe(403)
    expect(await errorBody(other)).toEqual(await errorBody(unknown))
    const owner = await signedIn(t.app, EMAILS.owner)
    expect((await currentUser(owner)).firstName).not.toBe('Mallory')
  })

  it('needs a session: no cookie is 401, an API key is refused', async () => {
    const anonymous = new Client(t.app)
    expect((await patch(anonymous, SEED_USERS.owner, { firstName: 'Sam' })).status).toBe(401)
    const apiKey = await new Client(t.app).request('PATCH', `/v1/users/${SEED_USERS.owner}`, {
      json: { firstName: 'Sam' },
      headers: { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` },
    })
    expect(apiKey.status).toBe(403)
  })

  it('is CSRF-guarded like every write', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await client.request('PATCH', `/v1/users/${SEED_USERS.owner}`, {
      json: { firstName: 'Sam' },
      csrf: false,
    })
    expect(res.status).toBe(403)
  })
})

describe('GET /v1/submerchants/{id}?expand=planAttachment (the Your Account card)', () => {
  const detail = async (submerchantId: string) => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await client.request(
      'GET',
      `/v1/submerchants/${submerchantId}?expand=planAttachment`,
      { perspective: submerchantId },
    )
    expect(res.status).toBe(200)
    const body = Submerchant(await res.json())
    if (body instanceof ArkErrors) throw new Error(body.summary)
    return body
  }

  it('gives the plan name and the payout agreement of a daily account without minimum', async () => {
    const body = await detail(SEED_SUBMERCHANTS.cityCabs)
    expect(body).toMatchObject({ name: 'City Cabs', legalName: 'City Cabs Ltd' })
    expect(body.planAttachment).toEqual({
      plan: { id: 'pln_demo_daily', name: 'Standard (daily payouts)' },
      payoutAgreement: {
        scheduleNaturalLanguage: 'Every working day',
        minBalance: 0,
        currency: 'GBP',
      },
    })
  })

  it('gives a weekly plan with a minimum balance', async () => {
    const body = await detail(SEED_SUBMERCHANTS.nightOwl)
    expect(body.planAttachment?.plan.name).toBe('Fleet (weekly payouts)')
    expect(body.planAttachment?.payoutAgreement).toEqual({
      scheduleNaturalLanguage: 'Every Monday',
      minBalance: 5000,
      currency: 'GBP',
    })
  })

  it('leaves planAttachment out unless expanded', async () => {
    const client = await signedIn(t.app, EMAILS.owner)
    const res = await client.request('GET', `/v1/submerchants/${SEED_SUBMERCHANTS.cityCabs}`)
    expect(res.status).toBe(200)
    expect(await res.json()).not.toHaveProperty('planAttachment')
  })
})
