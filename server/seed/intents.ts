import { randomBytes } from 'node:crypto'
import { INTENT_STATUSES } from '@/api/schema/intents'
import type { Database } from '../db/client'
import { intents } from '../db/schema/core'
import { CUSTOMER_NAMES } from './bulk'
import { SUBMERCHANTS, ownerOf } from './fixtures'
import type { Prng } from './prng'

const FINAL = new Set(['payment_declined', 'succeeded', 'cancelled', 'expired'])

// Statuses other than succeeded (those come from the bulk-seeded ecommerce sales).
const STATUSES = INTENT_STATUSES.filter((status) => status !== 'succeeded')

const stamp = (at: Date) => `[${at.toISOString().slice(0, 19)}Z]`

// Two payment links in every non-succeeded status for each enrolled account.
export async function seedIntentsInEveryStatus(database: Database, prng: Prng, now: Date) {
  const rows: (typeof intents.$inferInsert)[] = []
  for (const s of SUBMERCHANTS.filter((sub) => sub.enrolled)) {
    for (const status of STATUSES) {
      for (let n = 0; n < 2; n++) {
        // The pay page /pay/{id} needs no login: the id is a random capability, not from the seed.
        const id = `int_${randomBytes(12).toString('hex')}`
        const expired = status === 'expired'
        const createdAt = new Date(
          now.getTime() -
            (expired ? prng.int(15, 40) : prng.int(0, 9)) * 86_400_000 -
            prng.int(60, 80_000) * 1000,
        )
        const amount = 1500 + Math.round(prng.next() ** 2 * 120) * 100
        const manual = status === 'authorized_pending_capture' || prng.chance(0.15)
        const customerName = prng.pick(CUSTOMER_NAMES)
        const sms = prng.chance(0.6)
        const touched = status !== 'created'
        const authorizedAt =
          status === 'authorized_pending_capture'
            ? new Date(createdAt.getTime() + prng.int(5, 120) * 60_000)
            : null
        const logs = [`${stamp(createdAt)} Payment link created`]
        if (touched) logs.push(`${stamp(createdAt)} Customer opened the payment page`)
        if (status === 'payment_declined') logs.push('Card declined by issuer')
        if (status === 'error') logs.push('Acquirer timeout; customer may retry')
        if (authorizedAt) logs.push(`${stamp(authorizedAt)} Authorised, awaiting capture`)
        rows.push({
          id,
          submerchantId: s.id,
          amount,
          currency: 'GBP',
          status,
          statusIsFinal: FINAL.has(status),
          captureMode: manual ? 'manual' : 'automatic',
          captureAmount: null,
          reference: s.jobNumber
            ? `JOB${prng.int(100_000, 999_999)}`
            : prng.chance(0.5)
              ? `BK-${prng.int(10_000, 99_999)}`
              : null,
          description: prng.pick(['Airport transfer', 'Pre-booked journey', 'Account journey']),
          customerName,
          customerPhoneNumber: sms ? `+4477009${prng.int(10_000, 99_999)}` : null,
          customerEmailAddress: sms
            ? null
            : `${customerName.toLowerCase().replace(' ', '.')}@example.net`,
          customerSmsSent: sms,
          customerEmailSent: !sms,
          customerIpAddress: touched ? `203.0.113.${prng.int(1, 250)}` : null,
          customerDeviceInfo: touched ? 'Mozilla/5.0 (Linux; Android 14) Mobile' : null,
          customerCountryCode: 'GB',
          createdAt,
          createdBy: ownerOf(s.id),
          updatedAt: authorizedAt ?? createdAt,
          succeededAt: null,
          authorizedAt,
          expiresAt: new Date(createdAt.getTime() + 14 * 86_400_000),
          clientAccessPath: `/pay/${id}`,
          saleId: null,
          logs,
        })
      }
    }
  }
  await database.db.insert(intents).values(rows)
}
