import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SubmerchantId } from '@/api/schema/common'
import { ACCESS_LISTS } from '@/config/access-lists'
import { accessFor, type AccessSubject } from '@/policy/access'
import type { Database } from '../../server/db/client'
import { queryRows } from '../../server/db/client'
import { SUBMERCHANTS, USERS } from '../../server/seed/fixtures'
import { SEED_IDS, SEED_OPERATORS, SEED_SUBMERCHANTS } from '../../server/seed/ids'
import { freshDatabase } from './helpers/db'

// The portal's config must not import server code, so this test ties the two together.
describe('src/config/access-lists.ts defaults match the sandbox seed', () => {
  it.each([
    ['restricted-refund', ACCESS_LISTS.restrictedRefundSubmerchants, SEED_IDS.restrictedRefund, 4],
    [
      'terminal-restricted',
      ACCESS_LISTS.terminalRestrictedSubmerchants,
      SEED_IDS.terminalRestricted,
      4,
    ],
    ['payout-restricted', ACCESS_LISTS.payoutRestrictedSubmerchants, SEED_IDS.payoutRestricted, 12],
    ['job-number', ACCESS_LISTS.jobNumberSubmerchants, SEED_IDS.jobNumber, 2],
  ])('the %s list holds every seeded account of its case', (_, list, seeded, size) => {
    expect(list).toHaveLength(size)
    expect(new Set(list).size).toBe(size)
    for (const id of seeded) expect(list).toContain(id)
    for (const id of list) expect(SubmerchantId.allows(id)).toBe(true)
  })

  it('lists no seeded account that the seed does not mean for that case', () => {
    const seeded = new Set<string>(Object.values(SEED_SUBMERCHANTS))
    const cases = [
      [ACCESS_LISTS.restrictedRefundSubmerchants, SEED_IDS.restrictedRefund],
      [ACCESS_LISTS.terminalRestrictedSubmerchants, SEED_IDS.terminalRestricted],
      [ACCESS_LISTS.payoutRestrictedSubmerchants, SEED_IDS.payoutRestricted],
      [ACCESS_LISTS.jobNumberSubmerchants, SEED_IDS.jobNumber],
    ] as const
    for (const [list, meant] of cases) {
      const seededInList = list.filter((id) => seeded.has(id))
      expect([...seededInList].sort()).toEqual([...meant].sort())
    }
  })

  it('agrees with the seed fixtures on which account needs a job number', () => {
    const fixtures = SUBMERCHANTS.filter((s) => s.jobNumber).map((s) => s.id)
    for (const id of fixtures) expect(ACCESS_LISTS.jobNumberSubmerchants).toContain(id)
  })

  it('whitelists Scan to Pay by a seeded operator and a seeded account of the other operator', () => {
    const whitelist = ACCESS_LISTS.linkWhitelists.scanToPay
    expect(whitelist?.operators).toEqual([SEED_OPERATORS.metroPay])
    expect(whitelist?.submerchants).toEqual([SEED_SUBMERCHANTS.riversideCars])
    const riverside = SUBMERCHANTS.find((s) => s.id === SEED_SUBMERCHANTS.riversideCars)
    expect(riverside?.operatorId).toBe(SEED_OPERATORS.cabCard)
    // At least one seeded account is outside the whitelist, so the restricted case can be shown.
    const outside = SUBMERCHANTS.filter(
      (s) => s.operatorId !== SEED_OPERATORS.metroPay && s.id !== SEED_SUBMERCHANTS.riversideCars,
    )
    expect(outside.length).toBeGreaterThan(0)
  })

  it('has a demo manager and viewer on the restricted accounts, so each case can be signed into', () => {
    const roleIn = (email: string, id: string) =>
      USERS.find((u) => u.emailAddress === email)?.memberships.find(([sub]) => sub === id)?.[1]
    for (const id of [
      SEED_IDS.restrictedRefund[0],
      SEED_IDS.terminalRestricted[0],
      SEED_IDS.payoutRestricted[0],
    ]) {
      expect(roleIn('manager@example.com', id)).toBe('manager')
      expect(roleIn('viewer@example.com', id)).toBe('viewer')
    }
  })
})

describe('the policy over the seeded database', () => {
  let database: Database

  beforeAll(async () => {
    database = await freshDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('reads the seeded accounts and memberships as the seed intends', async () => {
    const rows = await queryRows<{
      id: string
      operator_id: string
      finaro_id: string | null
      email_address: string
      submerchant_role: 'owner' | 'manager' | 'viewer'
    }>(
      database,
      `select s.id, s.operator_id, s.finaro_id, u.email_address, su.submerchant_role
         from submerchant_users su
         join submerchants s on s.id = su.submerchant_id
         join users u on u.id = su.user_id`,
    )
    const subject = (email: string, id: string): AccessSubject => {
      const row = rows.find((r) => r.email_address === email && r.id === id)
      if (!row) throw new Error(`${email} is not a member of ${id}`)
      return {
        role: row.submerchant_role,
        account: { id: row.id, operatorId: row.operator_id, finaroId: row.finaro_id },
      }
    }
    const S = SEED_SUBMERCHANTS
    expect(accessFor(subject('manager@example.com', S.airportExpress)).canRequestRefund).toBe(false)
    expect(accessFor(subject('owner@example.com', S.airportExpress)).canRequestRefund).toBe(true)
    expect(accessFor(subject('viewer@example.com', S.northFleet)).canViewTerminals).toBe(false)
    expect(accessFor(subject('mfa@example.com', S.northFleet)).canViewTerminals).toBe(true)
    expect(accessFor(subject('manager@example.com', S.harbourCars)).canViewPayouts).toBe(false)
    expect(accessFor(subject('owner@example.com', S.nightOwl)).requiresJobNumber).toBe(true)
    expect(accessFor(subject('owner@example.com', S.newStart)).needsEnrollment).toBe(true)
    expect(accessFor(subject('owner@example.com', S.cityCabs)).needsEnrollment).toBe(false)
    const sidebar = (email: string, id: string) =>
      accessFor(subject(email, id)).sidebar.map((entry) => entry.label)
    expect(sidebar('owner@example.com', S.cityCabs)).toContain('Scan to Pay')
    expect(sidebar('owner@example.com', S.riversideCars)).toContain('Scan to Pay')
    expect(sidebar('owner@example.com', S.greenLine)).not.toContain('Scan to Pay')
    expect(sidebar('viewer@example.com', S.cityCabs)).not.toContain('Developer Tools')
  })
})
