// Scan to Pay (docs/sandbox.md#pay-page, docs/screens.md#scan-to-pay): a customer who scanned an account's
// code pays an amount they enter. Each card submission becomes an intent of that account, paid at
// once through the payment link's own path (payIntent): the same sale, balance transaction with
// the fee, receipt and webhook events, the same 3-D Secure and decline handling, and a sale whose
// intentId leads the portal to the payment.
import { eq } from 'drizzle-orm'
import { acceptsScanToPay } from '@/policy/access'
import { DEFAULT_CURRENCY } from '@/config/limits'
import type { Db } from '../db/client'
import { intents, operators, submerchants } from '../db/schema/core'
import { payIntent, type CardDetails, type Customer, type PayResult } from './intent-payments'
import { logLine, payPath } from './intent-records'

// The creator of these intents: the pay page, not a person or a key (an id of the user shape, docs/entities.md#people-and-accounts,
// as the portal reads createdBy; no user has it).
export const SCAN_TO_PAY_CREATOR = 'usr_scan_to_pay'
export const SCAN_TO_PAY_DESCRIPTION = 'Scan to Pay'

// Stripe's smallest GBP charge, and a ceiling no taxi fare reaches.
export const SCAN_MIN_AMOUNT = 30
export const SCAN_MAX_AMOUNT = 500_000

// A 3-D Secure challenge left unanswered expires the attempt like any open link.
const ATTEMPT_MINUTES = 30

// The form's attempt token: 24 hex digits, as an intent id's (`int_` + attempt).
export const ATTEMPT_PATTERN = /^[0-9a-f]{24}$/

// The page a Scan to Pay code opens (docs/sandbox.md#pay-page): the pay host's /pay with the submerchant.
export function scanPayPath(submerchantId: string): string {
  return `/pay?submerchant=${encodeURIComponent(submerchantId)}`
}

export interface ScanAccount {
  id: string
  name: string
  operatorId: string
  finaroId: string | null
  brandName: string
  logoPath: string
}

export type ScanAccountCheck =
  | { ok: true; account: ScanAccount }
  // Unknown, or not whitelisted for Scan to Pay (docs/screens.md#scan-to-pay): the same answer, so ids cannot be probed.
  | { ok: false; reason: 'not_found' }
  // Not enrolled with the acquirer (finaroId, docs/roles.md#payment-links): no card can be taken yet.
  | { ok: false; reason: 'not_enrolled'; account: ScanAccount }

export async function findScanAccount(db: Db, submerchantId: string): Promise<ScanAccountCheck> {
  const [account] = await db
    .select({
      id: submerchants.id,
      name: submerchants.name,
      operatorId: submerchants.operatorId,
      finaroId: submerchants.finaroId,
      brandName: operators.brandName,
      logoPath: operators.logoPath,
    })
    .from(submerchants)
    .innerJoin(operators, eq(operators.id, submerchants.operatorId))
    .where(eq(submerchants.id, submerchantId))
  if (!account || !acceptsScanToPay(account)) return { ok: false, reason: 'not_found' }
  if (account.finaroId === null) return { ok: false, reason: 'not_enrolled', account }
  return { ok: true, account }
}

export type ScanPayResult = PayResult | { outcome: 'replayed'; intentId: string }

/**
 * One card submission: the intent and its payment in one transaction, so a failure leaves
 * neither. The attempt token makes a resubmitted form (a double tap, a refresh) 'replayed': the
 * first submission's payment stands and nothing is charged twice.
 */
export function payByScan(
  db: Db,
  input: {
    account: ScanAccount
    attempt: string
    amount: number
    card: CardDetails
    customer: Customer
    now: Date
    origin: string
  },
): Promise<ScanPayResult> {
  const { account, now } = input
  const id = `int_${input.attempt}`
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(intents)
      .values({
        id,
        submerchantId: account.id,
        amount: input.amount,
        currency: DEFAULT_CURRENCY,
        status: 'created',
        statusIsFinal: false,
        captureMode: 'automatic',
        description: SCAN_TO_PAY_DESCRIPTION,
        createdAt: now,
        createdBy: SCAN_TO_PAY_CREATOR,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000),
        clientAccessPath: payPath(id),
        logs: [logLine(now, 'Payment started by scanning the Scan to Pay code')],
      })
      .onConflictDoNothing({ target: intents.id })
      .returning({ id: intents.id })
    if (!created) return { outcome: 'replayed', intentId: id }
    const result = await payIntent(tx, id, {
      card: input.card,
      customer: input.customer,
      now,
      origin: input.origin,
    })
    if (!result) throw new Error('the Scan to Pay intent vanished inside its transaction')
    return result
  })
}
