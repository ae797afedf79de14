import { beforeEach, describe, expect, it } from 'vitest'
import { totpCodeAt } from '../../server/auth/totp'
import { SEED_PAYMENT_FACILITATORS } from '../../server/seed/ids'
import { DEMO_MFA_SECRET } from '../../server/seed/index'
import { listOutboxMessages } from '../../server/sandbox/outbox'
import {
  Client,
  createTestApp,
  DEMO_PASSWORD,
  EMAILS,
  errorBody,
  PORTAL_ORIGIN,
  signedIn,
  type TestApp,
} from './auth-harness'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})

const COMPLETION_URL = `${PORTAL_ORIGIN}/reset-password`
const NEW_PASSWORD = 'Quiet-Harbour-Lanterns-42'

function requestTicket(client: Client, emailAddress: string, completionUrl = COMPLETION_URL) {
  return client.request('POST', '/v1/password-reset-tickets', {
    json: {
      completionUrl,
      paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
      emailAddress,
    },
  })
}

function complete(
  client: Client,
  ticketId: string,
  verificationToken: string,
  newPassword: string,
) {
  return client.request(
    'PUT',
    `/v1/password-reset-tickets/${encodeURIComponent(ticketId)}/completion`,
    {
      json: { verificationToken, newPassword },
    },
  )
}

// The link of the newest reset email, as a person would click it.
async function latestResetLink(): Promise<{ ticketId: string; token: string; url: URL }> {
  const [message] = await listOutboxMessages(t.database.db)
  expect(message?.kind).toBe('password_reset')
  const match = /https?:\/\/\S+/.exec(message?.body ?? '')
  expect(match).not.toBeNull()
  const url = new URL(match?.[0] ?? '')
  return {
    url,
    ticketId: url.searchParams.get('ticketId') ?? '',
    token: url.searchParams.get('token') ?? '',
  }
}

describe('POST /v1/password-reset-tickets', () => {
  it('emails a single link to the completion page carrying ticketId and token', async () => {
    const res = await requestTicket(new Client(t.app), 'Owner@Example.com')
    expect(res.status).toBe(202)
    const [message] = await listOutboxMessages(t.database.db)
    expect(message).toMatchObject({ channel: 'email', recipient: EMAILS.owner })
    const { url, ticketId, token } = await latestResetLink()
    expect(`${url.origin}${url.pathname}`).toBe(COMPLETION_URL)
    expect(ticketId).toMatch(/^prt_[0-9a-f]{20}$/)
    expect(token.length).toBeGreaterThanOrEqual(40)
  })

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const known = await requestTicket(new Client(t.app), EMAILS.owner)
    const unknown = await requestTicket(new Client(t.app), 'no-such-person@example.com')
    expect(unknown.status).toBe(known.status)
    expect(await unknown.text()).toBe(await known.clone().text())
    const messages = await listOutboxMessages(t.database.db)
    expect(messages.map((m) => m.recipient)).toEqual([EMAILS.owner])
  })

  it('does the same database work for a known and an unknown email (timing tells nothing)', async () => {
    // Every statement the app sends to the database, in order, without its parameters.
    const client = t.database.client as unknown as { query: (...args: unknown[]) => unknown }
    const query = client.query.bind(client)
    let statements: string[] = []
    client.query = (text: unknown, ...rest: unknown[]) => {
      statements.push(typeof text === 'string' ? text : String((text as { text?: string }).text))
      return query(text, ...rest)
    }
    const run = async (email: string) => {
      statements = []
      expect((await requestTicket(new Client(t.app), email)).status).toBe(202)
      return statements
    }
    try {
      const known = await run(EMAILS.owner)
      const unknown = await run('no-such-person@example.com')
      expect(known.some((text) => /insert into "password_reset_tickets"/.test(text))).toBe(true)
      expect(unknown).toEqual(known)
    } finally {
      client.query = query
    }
    expect((await listOutboxMessages(t.database.db)).map((m) => m.recipient)).toEqual([
      EMAILS.owner,
    ])
  })

  it('refuses a completion link that points away from the portal', async () => {
    const res = await requestTicket(new Client(t.app), EMAILS.owner, 'https://evil.example/steal')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: Array<{ field: string }> }
    expect(body.errors[0]?.field).toBe('completionUrl')
    expect(await listOutboxMessages(t.database.db)).toEqual([])
  })

  it('gives field errors, never a crash, for bad input', async () => {
    const client = new Client(t.app)
    const empty = await client.request('POST', '/v1/password-reset-tickets', { json: {} })
    expect(empty.status).toBe(400)
    const fields = ((await empty.json()) as { errors: Array<{ field: string }> }).errors.map(
      (e) => e.field,
    )
    expect(fields).toEqual(
      expect.arrayContaining(['completionUrl', 'paymentFacilitatorId', 'emailAddress']),
    )
    expect((await requestTicket(client, 'not-an-email')).status).toBe(400)
    expect((await requestTicket(client, 'ünïcødé@exämple.com'.repeat(500))).status).toBe(400)
    const unknownFacilitator = await client.request('POST', '/v1/password-reset-tickets', {
      json: {
        completionUrl: COMPLETION_URL,
        paymentFacilitatorId: 'pf_nope',
        emailAddress: EMAILS.owner,
      },
    })
    expect(unknownFacilitator.status).toBe(400)
    const noCsrf = await client.request('POST', '/v1/password-reset-tickets', {
      json: {},
      csrf: false,
    })
    expect(noCsrf.status).toBe(403)
  })
})

describe('PUT /v1/password-reset-tickets/{ticketId}/completion', () => {
  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const session = await signedIn(t.app)
    await requestTicket(new Client(t.app), EMAILS.owner)
    const { ticketId, token } = await latestResetLink()

    const res = await complete(new Client(t.app), ticketId, token, NEW_PASSWORD)
    expect(res.status).toBe(204)
    // Existing sessions were revoked.
    expect((await session.request('GET', '/v1/users/current')).status).toBe(401)

    const client = new Client(t.app)
    expect((await client.login(EMAILS.owner, { password: DEMO_PASSWORD })).status).toBe(400)
    expect((await client.login(EMAILS.owner, { password: NEW_PASSWORD })).status).toBe(200)
    const user = (await (await client.request('GET', '/v1/users/current')).json()) as {
      credentialsChangedAt: string | null
    }
    expect(user.credentialsChangedAt).not.toBeNull()

    const again = await complete(new Client(t.app), ticketId, token, 'Another-Fine-Phrase-77')
    expect(again.status).toBe(400)
    expect((await errorBody(again)).message).toBe('Invalid or expired password reset ticket')
  })

  it('lifts a lockout from failed passwords or failed codes, and ends every session', async () => {
    const session = await signedIn(t.app)
    const client = new Client(t.app)
    for (let i = 0; i < 10; i += 1) {
      expect((await client.login(EMAILS.owner, { password: `wrong-${i}` })).status).toBe(400)
    }
    for (let i = 0; i < 10; i += 1) {
      expect((await client.login(EMAILS.mfa, { mfaToken: '000000' })).status).toBe(400)
    }
    expect((await client.login(EMAILS.owner)).status).toBe(429)
    expect((await client.login(EMAILS.mfa)).status).toBe(429)

    for (const email of [EMAILS.owner, EMAILS.mfa]) {
      await requestTicket(new Client(t.app), email)
      const { ticketId, token } = await latestResetLink()
      expect((await complete(new Client(t.app), ticketId, token, NEW_PASSWORD)).status).toBe(204)
    }
    expect((await session.request('GET', '/v1/users/current')).status).toBe(401)
    expect((await client.login(EMAILS.owner, { password: NEW_PASSWORD })).status).toBe(200)
    const code = totpCodeAt(DEMO_MFA_SECRET, t.clock.wallNow())
    const mfa = await client.login(EMAILS.mfa, { password: NEW_PASSWORD, mfaToken: code })
    expect(mfa.status).toBe(200)
  })

  it('checks the new password against the compromised list, prohibited words and the email', async () => {
    await requestTicket(new Client(t.app), EMAILS.owner)
    const { ticketId, token } = await latestResetLink()
    const client = new Client(t.app)
    const cases: Array<[string, string]> = [
      ['Password123!', 'Password appears in list of compromised passwords'],
      ['My-Taxi-Rank-Lantern', 'Invalid format: Password contains words from prohibited list'],
      [EMAILS.owner, 'Cannot use your email address as a password.'],
    ]
    for (const [password, message] of cases) {
      const res = await complete(client, ticketId, token, password)
      expect(res.status).toBe(400)
      expect((await errorBody(res)).message).toBe(message)
    }
    // A refused password did not spend the ticket.
    expect((await complete(client, ticketId, token, NEW_PASSWORD)).status).toBe(204)
  })

  it('refuses a wrong token, an unknown ticket and an expired ticket alike', async () => {
    await requestTicket(new Client(t.app), EMAILS.owner)
    const { ticketId, token } = await latestResetLink()
    const client = new Client(t.app)
    for (const res of [
      await complete(client, ticketId, `${token}x`, NEW_PASSWORD),
      await complete(client, 'prt_00000000000000000000', token, NEW_PASSWORD),
      await complete(client, 'ü/../ñ', token, NEW_PASSWORD),
    ]) {
      expect(res.status).toBe(400)
      expect((await errorBody(res)).code).toBe('invalid_ticket')
    }
    t.clock.advance(60 * 60 + 1)
    const expired = await complete(client, ticketId, token, NEW_PASSWORD)
    expect((await errorBody(expired)).code).toBe('invalid_ticket')
  })

  it('gives a field error for a 10,000-character or empty password', async () => {
    await requestTicket(new Client(t.app), EMAILS.owner)
    const { ticketId, token } = await latestResetLink()
    const client = new Client(t.app)
    for (const password of ['x'.repeat(10_000), '', 'ü'.repeat(5)]) {
      const res = await complete(client, ticketId, token, password)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { errors?: Array<{ field: string }> }
      expect(body.errors?.map((e) => e.field)).toContain('newPassword')
    }
  })

  it('lets only one of two concurrent completions use the ticket', async () => {
    await requestTicket(new Client(t.app), EMAILS.owner)
    const { ticketId, token } = await latestResetLink()
    const results = await Promise.all([
      complete(new Client(t.app), ticketId, token, NEW_PASSWORD),
      complete(new Client(t.app), ticketId, token, 'Another-Fine-Phrase-77'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([204, 400])
  })
})
