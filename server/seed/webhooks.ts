import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
  sales,
  submerchantUsers,
  webhookAttempts,
  webhookEndpoints,
  webhookNotifications,
} from '../db/schema/core'
import { SEED_SUBMERCHANTS } from './ids'
import type { Prng } from './prng'

const ENDPOINTS = [
  {
    submerchantId: SEED_SUBMERCHANTS.cityCabs,
    name: 'Dispatch system',
    url: 'https://dispatch.citycabs.example/webhooks/payments',
    events: ['sale.created'],
    isEnabled: true,
  },
  {
    submerchantId: SEED_SUBMERCHANTS.cityCabs,
    name: null,
    url: 'https://hooks.example.com/city-cabs/legacy',
    events: ['sale.created', 'intent.authorized'],
    isEnabled: false,
  },
  {
    submerchantId: SEED_SUBMERCHANTS.airportExpress,
    name: 'Bookings',
    url: 'https://bookings.airportexpress.example/hooks',
    events: ['sale.created', 'intent.authorized'],
    isEnabled: true,
  },
  {
    submerchantId: SEED_SUBMERCHANTS.nightOwl,
    name: 'Accounts',
    url: 'https://accounts.nightowl.example/payments',
    events: ['sale.created'],
    isEnabled: true,
  },
]

// Endpoints with a delivery history for their latest sales; every seeded notification is finished.
export async function seedWebhookHistory(database: Database, prng: Prng, now: Date) {
  const { db } = database
  for (const endpoint of ENDPOINTS) {
    const endpointId = `whe_${prng.hex(20)}`
    // Made by the account's first owner, as the portal would have recorded it.
    const [owner] = await db
      .select({ userId: submerchantUsers.userId })
      .from(submerchantUsers)
      .where(
        and(
          eq(submerchantUsers.submerchantId, endpoint.submerchantId),
          eq(submerchantUsers.submerchantRole, 'owner'),
        ),
      )
      .orderBy(asc(submerchantUsers.createdAt), asc(submerchantUsers.id))
      .limit(1)
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      ...endpoint,
      createdByUserId: owner?.userId ?? null,
      signingSecret: `whsec_${randomBytes(20).toString('hex')}`,
      createdAt: new Date(now.getTime() - 120 * 86_400_000),
    })
    const recent = await db
      .select({ id: sales.id, amount: sales.amount, capturedAt: sales.capturedAt })
      .from(sales)
      .where(and(eq(sales.submerchantId, endpoint.submerchantId)))
      .orderBy(desc(sales.capturedAt))
      .limit(25)
    const notifications: (typeof webhookNotifications.$inferInsert)[] = []
    const attempts: (typeof webhookAttempts.$inferInsert)[] = []
    for (const sale of recent) {
      const id = `whn_${prng.hex(20)}`
      const payload = {
        id,
        event: 'sale.created',
        createdAt: sale.capturedAt.toISOString(),
        data: { saleId: sale.id, amount: sale.amount, currency: 'GBP' },
      }
      const body = JSON.stringify(payload)
      // Most deliveries succeed first time; some need retries and a few are given up.
      const roll = prng.next()
      const attemptCount = roll < 0.7 ? 1 : roll < 0.92 ? prng.int(2, 4) : 5
      const succeeded = roll < 0.92
      let at = new Date(sale.capturedAt.getTime() + 2000)
      for (let n = 1; n <= attemptCount; n++) {
        const ok = succeeded && n === attemptCount
        const timedOut = !ok && prng.chance(0.3)
        const t = Math.floor(at.getTime() / 1000)
        attempts.push({
          id: `wha_${prng.hex(20)}`,
          notificationId: id,
          createdAt: at,
          requestUrl: endpoint.url,
          requestHeaders: {
            'content-type': 'application/json',
            'user-agent': 'SandboxWebhooks/1.0',
            'webhook-signature': `t=${t},v1=${prng.hex(64)}`,
          },
          requestBody: body,
          responseStatusCode: ok ? 200 : timedOut ? null : prng.pick([500, 502, 503, 404]),
          responseHeaders: timedOut ? null : { 'content-type': 'application/json' },
          responseBody: timedOut ? null : ok ? '{"received":true}' : '{"error":"unavailable"}',
        })
        at = new Date(at.getTime() + 60_000 * 2 ** n)
        if (at > now) at = new Date(now.getTime() - 1000)
      }
      notifications.push({
        id,
        endpointId,
        submerchantId: endpoint.submerchantId,
        event: 'sale.created',
        payload,
        hasSucceeded: succeeded,
        attemptCount,
        nextAttemptAt: null,
        createdAt: new Date(sale.capturedAt.getTime() + 1000),
      })
    }
    if (notifications.length > 0) {
      await db.insert(webhookNotifications).values(notifications)
      await db.insert(webhookAttempts).values(attempts)
    }
  }
}
