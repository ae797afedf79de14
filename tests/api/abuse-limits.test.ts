import { describe, expect, it } from 'vitest'

// Each test builds its own app (own limits); the first may build the database template.
const SLOW = 120_000
import { createApp } from '../../server/app'
import { SEED_PAYMENT_FACILITATORS } from '../../server/seed/ids'
import { Client, createTestApp, EMAILS, PORTAL_ORIGIN, type TestApp } from './auth-harness'

const PASSWORD = 'Quiet-Harbour-Lanterns-42'

type Attempt = (t: TestApp, email: string) => Promise<Response>

// The three public entry points an attacker would hammer, each as the portal sends it.
const ATTEMPTS: Record<string, Attempt> = {
  'login (password grant)': (t, email) =>
    new Client(t.app).login(email, { password: 'not-the-password' }),
  registration: (t, email) =>
    new Client(t.app).request('POST', '/v1/registrations', {
      json: { emailAddress: email, password: PASSWORD },
    }),
  'forgot-password': (t, email) =>
    new Client(t.app).request('POST', '/v1/password-reset-tickets', {
      json: {
        emailAddress: email,
        completionUrl: `${PORTAL_ORIGIN}/reset-password`,
        paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
      },
    }),
}

async function expectLimited(res: Response, maxSeconds: number) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('Retry-After'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  expect(await res.json()).toEqual({
    message: 'Too many requests. Try again later.',
    code: 'too_many_requests',
  })
}

describe('rate limits per email and per IP (low limits from the config)', () => {
  for (const [name, attempt] of Object.entries(ATTEMPTS)) {
    it(
      `${name}: per email, then open again when the window has passed on the sandbox clock`,
      async () => {
        const t = await createTestApp({
          abuseLimits: { windowSeconds: 60, perIp: 100, perEmail: 3 },
        })
        // Distinct addresses per case so the lockout (10 failures) never gets in the way.
        const email = `limit-${name.length}@example.com`
        for (let i = 0; i < 3; i += 1) expect((await attempt(t, email)).status).not.toBe(429)
        await expectLimited(await attempt(t, email), 60)
        // Case and spaces do not make a new email; another address is still served.
        await expectLimited(await attempt(t, ` ${email.toUpperCase()} `), 60)
        expect((await attempt(t, EMAILS.noAccounts)).status).not.toBe(429)
        t.clock.advance(61)
        expect((await attempt(t, email)).status).not.toBe(429)
      },
      SLOW,
    )

    it(
      `${name}: per IP, whatever the email`,
      async () => {
        const t = await createTestApp({
          abuseLimits: { windowSeconds: 60, perIp: 4, perEmail: 100 },
        })
        for (let i = 0; i < 4; i += 1) {
          expect((await attempt(t, `ip-${i}@example.com`)).status).not.toBe(429)
        }
        await expectLimited(await attempt(t, 'ip-new@example.com'), 60)
        t.clock.advance(30)
        await expectLimited(await attempt(t, 'ip-other@example.com'), 30)
      },
      SLOW,
    )
  }

  it(
    'limits only the password grant of /v1/tokens, not refreshes',
    async () => {
      const t = await createTestApp({ abuseLimits: { windowSeconds: 60, perIp: 1, perEmail: 1 } })
      const client = new Client(t.app)
      expect((await client.login(EMAILS.owner)).status).toBe(200)
      for (let i = 0; i < 3; i += 1) expect((await client.refresh()).status).toBe(200)
      await expectLimited(await client.login(EMAILS.owner), 60)
    },
    SLOW,
  )
  it(
    'three servers on one database share each count: the limit comes at the same attempt as on one',
    async () => {
      const limits = { windowSeconds: 60, perIp: 100, perEmail: 5 }
      const t = await createTestApp({ abuseLimits: limits })
      // Two more apps over the same database and clock, as two more processes would be.
      const servers = [
        t,
        ...[1, 2].map(() => ({
          ...t,
          app: createApp({ db: t.database, clock: t.clock, config: t.config }),
        })),
      ]
      const email = 'shared-count@example.com'
      const statuses: number[] = []
      for (let i = 0; i < 9; i += 1) {
        statuses.push((await ATTEMPTS['forgot-password']!(servers[i % 3]!, email)).status)
      }
      expect(statuses.slice(0, 5)).not.toContain(429)
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429])
    },
    SLOW,
  )
})
