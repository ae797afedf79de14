import { Hono } from 'hono'
import { TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AccessRule } from '@/policy/access'
import {
  accessForRequest,
  NOT_ENROLLED_MESSAGE,
  requireAccess,
  requireEnrolled,
} from '../../server/auth/access'
import type { AppEnv, AuthContext } from '../../server/context'
import { handleError } from '../../server/middleware/error-handler'
import { DEMO_MFA_SECRET } from '../../server/seed/fixtures'
import { SEED_SUBMERCHANTS as S, SEED_USERS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, errorBody, type TestApp } from './auth-harness'
import { clientFor } from './helpers/app'

let t: TestApp

// Test-only routes behind the app's real /v1 middleware, guarded the way later routes will be.
function mountProbes(app: Hono<AppEnv>) {
  app.get('/v1/test-access/:rule', async (c) => {
    await requireAccess(c, c.req.param('rule') as AccessRule)
    return c.json({ ok: true })
  })
  app.post('/v1/test-payment-links', async (c) => {
    await requireAccess(c, 'canCreatePaymentLinks')
    await requireEnrolled(c)
    return c.json({ requiresJobNumber: (await accessForRequest(c)).requiresJobNumber }, 201)
  })
}

beforeAll(async () => {
  t = await createTestApp({ insecureCookies: true })
  mountProbes(t.app)
})

const probe = (client: Client, rule: AccessRule, perspective: string) =>
  client.request('GET', `/v1/test-access/${rule}`, { perspective })

async function mfaOwner(): Promise<Client> {
  const client = new Client(t.app)
  const mfaToken = new TOTP({ secret: DEMO_MFA_SECRET }).generate({ timestamp: +t.clock.wallNow() })
  expect((await client.login(EMAILS.mfa, { mfaToken })).status).toBe(200)
  return client
}

describe('requireAccess on a guarded route', () => {
  it('hides a terminal-restricted account from its manager and viewer, not its owner', async () => {
    const manager = await clientFor(t.app, EMAILS.manager, S.northFleet)
    const viewer = await clientFor(t.app, 'viewer@example.com', S.northFleet)
    for (const client of [manager, viewer]) {
      const res = await probe(client, 'canViewTerminals', S.northFleet)
      expect(res.status).toBe(403)
      expect(await errorBody(res)).toEqual({
        message: 'Not permitted to view this data.',
        code: 'insufficient_role',
      })
    }
    expect((await probe(await mfaOwner(), 'canViewTerminals', S.northFleet)).status).toBe(200)
    // The same manager sees terminals of an ordinary account.
    expect((await probe(manager, 'canViewTerminals', S.cityCabs)).status).toBe(200)
  })

  it('keeps refunds owner-only on a restricted-refund account', async () => {
    const owner = await clientFor(t.app, EMAILS.owner, S.airportExpress)
    const manager = await clientFor(t.app, EMAILS.manager, S.airportExpress)
    expect((await probe(owner, 'canRequestRefund', S.airportExpress)).status).toBe(200)
    const refused = await probe(manager, 'canRequestRefund', S.airportExpress)
    expect(refused.status).toBe(403)
    expect((await errorBody(refused)).message).toBe('Insufficient privileges')
  })

  it('hides payouts of a payout-restricted account from its manager', async () => {
    const owner = await clientFor(t.app, EMAILS.owner, S.harbourCars)
    const manager = await clientFor(t.app, EMAILS.manager, S.harbourCars)
    expect((await probe(owner, 'canViewPayouts', S.harbourCars)).status).toBe(200)
    expect((await probe(manager, 'canViewPayouts', S.harbourCars)).status).toBe(403)
  })

  it('follows the perspective header, not the account the token was issued for', async () => {
    const manager = await clientFor(t.app, EMAILS.manager, S.cityCabs)
    expect((await probe(manager, 'canViewPayouts', S.cityCabs)).status).toBe(200)
    expect((await probe(manager, 'canViewPayouts', S.harbourCars)).status).toBe(403)
  })

  it('needs a perspective account', async () => {
    const client = new Client(t.app)
    expect((await client.login(EMAILS.owner)).status).toBe(200)
    const res = await client.request('GET', '/v1/test-access/canViewPayouts')
    expect(res.status).toBe(403)
    expect((await errorBody(res)).code).toBe('perspective_required')
  })
})

describe('payment-link guards', () => {
  const create = (client: Client, perspective: string) =>
    client.request('POST', '/v1/test-payment-links', { json: {}, perspective })

  it('refuses a viewer with the create message', async () => {
    const viewer = await clientFor(t.app, 'viewer@example.com', S.cityCabs)
    const res = await create(viewer, S.cityCabs)
    expect(res.status).toBe(403)
    expect((await errorBody(res)).message).toBe(
      'Sorry, you do not have sufficient permissions to create payment links for this account',
    )
  })

  it('answers 409 on an account that is not enrolled', async () => {
    const owner = await clientFor(t.app, EMAILS.owner, S.newStart)
    const res = await create(owner, S.newStart)
    expect(res.status).toBe(409)
    expect(await errorBody(res)).toEqual({ message: NOT_ENROLLED_MESSAGE, code: 'not_enrolled' })
  })

  it('tells the route when a job number is required', async () => {
    const owner = await clientFor(t.app, EMAILS.owner, S.nightOwl)
    const jobNumber = await create(owner, S.nightOwl)
    expect(jobNumber.status).toBe(201)
    expect(await jobNumber.json()).toEqual({ requiresJobNumber: true })
    const ordinary = await create(owner, S.cityCabs)
    expect(await ordinary.json()).toEqual({ requiresJobNumber: false })
  })
})

describe('API-key callers', () => {
  // A key reaches a guarded route only through its permission list; this app skips that layer
  // to show which role the guard then applies.
  function appAs(auth: AuthContext) {
    const app = new Hono<AppEnv>()
    app.use('*', async (c, next) => {
      c.set('deps', { db: t.database, clock: t.clock, config: t.config })
      c.set('auth', auth)
      await next()
    })
    app.get('/probe/:rule', async (c) => {
      await requireAccess(c, c.req.param('rule') as AccessRule)
      return c.json({ ok: true })
    })
    app.onError(handleError)
    return app
  }
  const keyOf = (userId: string, submerchantId: string): AuthContext => ({
    userId,
    submerchantId,
    role: null,
    via: 'api_key',
    apiKeyId: 'api_test',
  })

  it("act with their creator's role in the key's account", async () => {
    const ownersKey = appAs(keyOf(SEED_USERS.owner, S.cityCabs))
    expect((await ownersKey.request('/probe/canUpdateBankAccount')).status).toBe(200)
    const managersKey = appAs(keyOf(SEED_USERS.manager, S.cityCabs))
    expect((await managersKey.request('/probe/canUpdateBankAccount')).status).toBe(403)
    expect((await managersKey.request('/probe/canUseDeveloperTools')).status).toBe(200)
  })

  it('are refused once their creator has no role in the account', async () => {
    const orphan = appAs(keyOf(SEED_USERS.noAccounts, S.cityCabs))
    expect((await orphan.request('/probe/canViewTerminals')).status).toBe(403)
  })
})
