// The terminals: each account's cars, spare stock, and a terminal moved between accounts and one
// returned to stock. Returns the slots the bulk-seeded sales are spread over.
import { TERMINAL_MODELS } from '../../src/api/schema/terminals'
import type { Database } from '../db/client'
import { terminalAllocations, terminals } from '../db/schema/core'
import type { SaleSlot } from './bulk'
import { ownerOf, SUBMERCHANTS } from './fixtures'
import { SEED_SUBMERCHANTS } from './ids'
import type { Prng } from './prng'

const modelAt = (index: number) => TERMINAL_MODELS[index % TERMINAL_MODELS.length] ?? 'bluePad55'

export async function seedTerminals(
  database: Database,
  prng: Prng,
  now: Date,
  destinations: Map<string, string>,
): Promise<SaleSlot[]> {
  const rows: (typeof terminals.$inferInsert)[] = []
  const allocations: (typeof terminalAllocations.$inferInsert)[] = []
  const slots: SaleSlot[] = []
  let serial = 10_000_000 + prng.int(0, 1_000_000)
  const allocatedAt = new Date(now.getTime() - 396 * 86_400_000)
  for (const s of SUBMERCHANTS) {
    const own: SaleSlot[] = []
    for (let n = 1; n <= s.terminals; n++) {
      const id = `trm_${prng.hex(20)}`
      const serialNumber = `BP${serial++}`
      rows.push({
        id,
        name: `${s.name} ${n}`,
        serialNumber,
        customReference: prng.chance(0.5) ? `CAR-${prng.int(100, 999)}` : null,
        reference: `REF${prng.int(100_000, 999_999)}`,
        // Every model (docs/entities.md#terminals) occurs, in turn.
        model: modelAt(rows.length),
        currentSubmerchantId: s.id,
        currentAllocationCreatedAt: allocatedAt,
        isUpToDate: prng.chance(0.8),
        createdAt: allocatedAt,
      })
      allocations.push({
        id: `tal_${prng.hex(20)}`,
        terminalId: id,
        submerchantId: s.id,
        createdAt: allocatedAt,
        endedAt: null,
      })
      own.push({
        submerchantId: s.id,
        terminalId: id,
        serialNumber,
        allowsEcommerce: s.enrolled,
        jobNumber: s.jobNumber,
        payoutMode: s.payoutMode,
        destinationId: destinations.get(s.id) ?? '',
        ownerId: ownerOf(s.id),
      })
    }
    // An account's share of the sales is its weight in slots, spread over its terminals.
    for (let k = 0; k < s.weight; k++) {
      const slot = own[k % own.length]
      if (slot) slots.push(slot)
    }
  }
  // Spare stock never allocated to any account.
  for (let n = 0; n < 2; n++) {
    rows.push({
      id: `trm_${prng.hex(20)}`,
      name: null,
      serialNumber: `BP${serial++}`,
      customReference: null,
      reference: null,
      model: modelAt(rows.length),
      currentSubmerchantId: null,
      currentAllocationCreatedAt: null,
      isUpToDate: false,
      createdAt: allocatedAt,
    })
  }
  // The other allocation cases: a terminal moved from Riverside Cars to City Cabs 30 days ago, and
  // one Green Line Cars returned to stock 60 days ago (both accounts can still open it by id).
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const moves = [
    { from: SEED_SUBMERCHANTS.riversideCars, to: SEED_SUBMERCHANTS.cityCabs, at: daysAgo(30) },
    { from: SEED_SUBMERCHANTS.greenLine, to: null, at: daysAgo(60) },
  ]
  for (const move of moves) {
    const id = `trm_${prng.hex(20)}`
    rows.push({
      id,
      name: move.to ? 'City Cabs spare car' : null,
      serialNumber: `BP${serial++}`,
      customReference: move.to ? `CAR-${prng.int(100, 999)}` : null,
      reference: `REF${prng.int(100_000, 999_999)}`,
      model: modelAt(rows.length),
      currentSubmerchantId: move.to,
      currentAllocationCreatedAt: move.to ? move.at : null,
      isUpToDate: move.to !== null,
      createdAt: allocatedAt,
    })
    allocations.push({
      id: `tal_${prng.hex(20)}`,
      terminalId: id,
      submerchantId: move.from,
      createdAt: allocatedAt,
      endedAt: move.at,
    })
    if (move.to) {
      allocations.push({
        id: `tal_${prng.hex(20)}`,
        terminalId: id,
        submerchantId: move.to,
        createdAt: move.at,
        endedAt: null,
      })
    }
  }
  await database.db.insert(terminals).values(rows)
  await database.db.insert(terminalAllocations).values(allocations)
  return slots
}
