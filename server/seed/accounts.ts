// The accounts and what they sit under: operators, the payment facilitator, plans, the submerchants
// with their plan, and the ecommerce enrolment of the enrolled ones.
import type { Database } from '../db/client'
import {
  enrollments,
  operators,
  paymentFacilitators,
  planAttachments,
  plans,
  submerchants,
} from '../db/schema/core'
import { OPERATORS, PAYMENT_FACILITATORS, PLANS, SUBMERCHANTS } from './fixtures'
import { SEED_PAYMENT_FACILITATORS } from './ids'
import type { Prng } from './prng'

// `finaro` draws the acquirer ids of the enrolled accounts.
export async function seedAccounts(database: Database, finaro: Prng, opened: Date): Promise<void> {
  const { db } = database
  await db.insert(operators).values(OPERATORS.map((o) => ({ ...o, createdAt: opened })))
  await db
    .insert(paymentFacilitators)
    .values(PAYMENT_FACILITATORS.map((p) => ({ ...p, createdAt: opened })))
  await db.insert(plans).values(PLANS.map((p) => ({ ...p, currency: 'GBP', createdAt: opened })))

  await db.insert(submerchants).values(
    SUBMERCHANTS.map((s) => ({
      id: s.id,
      name: s.name,
      legalName: s.legalName,
      operatorId: s.operatorId,
      paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
      finaroId: s.enrolled ? `FIN${finaro.int(10_000_000, 99_999_999)}` : null,
      createdAt: opened,
      updatedAt: opened,
    })),
  )
  await db.insert(planAttachments).values(
    SUBMERCHANTS.map((s) => ({
      id: `pla_${s.id.slice(4)}`,
      submerchantId: s.id,
      planId: s.planId,
      createdAt: opened,
    })),
  )
  await db.insert(enrollments).values(
    SUBMERCHANTS.filter((s) => s.enrolled).map((s) => ({
      id: `enr_${s.id.slice(4)}`,
      submerchantId: s.id,
      acquirer: 'finaro',
      type: 'ecommerce',
      status: 'enrolled' as const,
      processingExpectedBy: null,
      createdAt: opened,
      updatedAt: opened,
    })),
  )
}
