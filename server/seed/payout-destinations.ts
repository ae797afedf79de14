import type { Database } from '../db/client'
import { bankAccounts, payoutCards } from '../db/schema/core'
import { SUBMERCHANTS } from './fixtures'
import type { Prng } from './prng'

// Bank account per account; the instant-payout account also has a payout card it is paid to.
export async function seedPayoutDestinations(
  database: Database,
  prng: Prng,
  createdAt: Date,
): Promise<Map<string, string>> {
  const destinationBySubmerchant = new Map<string, string>()
  const accounts = SUBMERCHANTS.map((s) => {
    const id = `ba_${s.id.slice(4)}`
    destinationBySubmerchant.set(s.id, id)
    return {
      id,
      submerchantId: s.id,
      nickname: prng.chance(0.5) ? 'Main account' : null,
      accountName: s.legalName,
      sortCode: `${prng.int(10, 99)}-${prng.int(10, 99)}-${prng.int(10, 99)}`,
      accountNumber: String(prng.int(10_000_000, 99_999_999)),
      createdAt,
    }
  })
  await database.db.insert(bankAccounts).values(accounts)
  const cards = SUBMERCHANTS.filter((s) => s.payoutMode === 'card').map((s) => {
    const id = `pc_${s.id.slice(4)}`
    destinationBySubmerchant.set(s.id, id)
    return {
      id,
      submerchantId: s.id,
      nickname: 'Driver debit card',
      cardScheme: 'visa' as const,
      panLastFour: String(prng.int(1000, 9999)),
      createdAt,
    }
  })
  if (cards.length > 0) await database.db.insert(payoutCards).values(cards)
  return destinationBySubmerchant
}
