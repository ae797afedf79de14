import type { Hono } from 'hono'
import { TOTP } from 'otpauth'
import { createApp } from '../../../server/app'
import { createTestClock, type TestClock } from './test-clock'
import type { AppEnv } from '../../../server/context'
import type { Database } from '../../../server/db/client'
import { Client, makeDistDir, PORTAL_ORIGIN } from '../auth-harness'
import { DEMO_MFA_SECRET, DEMO_PASSWORD, freshDatabase } from './db'

export interface SeededApp {
  app: Hono<AppEnv>
  database: Database
  clock: TestClock
}

// The real app over a fresh copy of the test seed.
export async function seededApp(): Promise<SeededApp> {
  const database = await freshDatabase()
  const clock = createTestClock()
  const app = createApp({
    db: database,
    clock,
    config: {
      mode: 'test',
      sandboxControls: true,
      corsOrigins: [PORTAL_ORIGIN],
      portalOrigins: [PORTAL_ORIGIN],
      distDir: makeDistDir(),
      insecureCookies: true,
    },
  })
  return { app, database, clock }
}

// A signed-in browser-like client holding an access token for the given account.
export async function clientFor(
  app: Hono<AppEnv>,
  emailAddress: string,
  submerchantId: string,
): Promise<Client> {
  const client = new Client(app)
  const login = await client.login(emailAddress, { password: DEMO_PASSWORD })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const access = await client.refresh({ attachments: [submerchantId] })
  if (access.status !== 200)
    throw new Error(`access failed: ${access.status} ${await access.text()}`)
  return client
}

// The demo user with MFA (owner of North Cars and Patel Cars), signed in for the given account.
export async function mfaClientFor(ctx: SeededApp, submerchantId: string): Promise<Client> {
  const client = new Client(ctx.app)
  // A code is accepted once: each sign-in moves the phone's time to the next 30 s step.
  ctx.clock.advanceWall(30)
  const mfaToken = new TOTP({ secret: DEMO_MFA_SECRET }).generate({
    timestamp: +ctx.clock.wallNow(),
  })
  const login = await client.login('mfa@example.com', { mfaToken })
  if (login.status !== 200) throw new Error(`MFA login failed: ${login.status}`)
  const access = await client.refresh({ attachments: [submerchantId] })
  if (access.status !== 200) throw new Error(`access failed: ${access.status}`)
  return client
}
