// Developer Tools: an enabled and a disabled API key for the first enrolled accounts (the webhook
// endpoints and their history are webhooks.ts).
import { randomBytes } from 'node:crypto'
import { sha256 } from '../auth/random'
import type { Database } from '../db/client'
import { apiKeys } from '../db/schema/core'
import { ownerOf, SUBMERCHANTS } from './fixtures'
import type { Prng } from './prng'

export async function seedApiKeys(database: Database, prng: Prng, now: Date) {
  const enrolled = SUBMERCHANTS.filter((s) => s.enrolled).slice(0, 4)
  const rows = enrolled.flatMap((s, index) => {
    const keys = [
      {
        name: 'Booking system',
        isEnabled: true,
        lastSeenAt: new Date(now.getTime() - prng.int(60, 86_400) * 1000),
        permissions: ['sales:read', 'intents:create', 'intents:read', 'webhookEndpoints:read'],
      },
      {
        name: index % 2 === 0 ? null : 'Old integration',
        isEnabled: false,
        lastSeenAt: null,
        permissions: ['sales:read'],
      },
    ]
    return keys.map((k) => {
      // Secrets are random on every seeding; only their hash is kept, so nobody knows them.
      const token = `sk_sandbox_${randomBytes(20).toString('hex')}`
      return {
        id: `api_${prng.hex(20)}`,
        submerchantId: s.id,
        name: k.name,
        identifier: `pk_${prng.hex(16)}`,
        tokenHash: sha256(token),
        isEnabled: k.isEnabled,
        lastSeenAt: k.lastSeenAt,
        permissions: k.permissions,
        createdAt: new Date(now.getTime() - prng.int(30, 300) * 86_400_000),
        createdBy: ownerOf(s.id),
      }
    })
  })
  await database.db.insert(apiKeys).values(rows)
}
