import { and, asc, eq } from 'drizzle-orm'
import type { RefundRequest, RefundRequestPayload } from '@/api/schema/refunds'
import { exceedsRefundableMessage, refundableAmount } from '@/lib/refundable'
import type { Db } from '../db/client'
import { recordEvent } from './events'
import { refundRequests, sales } from '../db/schema/core'
import { badRequest, conflict, notFound } from '../errors'
import { newId } from '../auth/random'

type RefundRow = typeof refundRequests.$inferSelect

export const REFUND_ERRORS = {
  saleNotFound: 'Sale not found',
  refundNotFound: 'Refund request not found',
  nothingRefundable: 'Nothing left to refund on this sale',
  notPendingEdit: 'Only pending refunds can be edited',
  notPendingDelete: 'Only pending refunds can be deleted',
} as const

// The Refund request (docs/entities.md#sales-and-money) with the sale id it belongs to.
export function serializeRefundRequest(row: RefundRow): RefundRequest {
  return {
    id: row.id,
    saleId: row.saleId,
    status: row.status,
    amount: row.amount,
    refundReason: row.refundReason,
    customerEmailAddress: row.customerEmailAddress,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    currency: row.currency,
  }
}

function assertWithinRefundable(amount: number, refundable: number, currency: string): void {
  if (refundable <= 0) throw conflict(REFUND_ERRORS.nothingRefundable, 'nothing_refundable')
  if (amount > refundable) {
    const message = exceedsRefundableMessage(refundable, currency)
    throw badRequest(
      message,
      [{ field: 'amount', messages: [message] }],
      'amount_exceeds_refundable',
    )
  }
}

// An empty email means "none" (the form's optional field).
function emailOrNull(payload: RefundRequestPayload): string | null {
  return payload.customerEmailAddress ? payload.customerEmailAddress : null
}

export interface SaleScope {
  saleId: string
  submerchantId: string
}

// The sale row locked for this transaction: concurrent refunds of one sale queue up here.
async function lockSale(tx: Db, scope: SaleScope) {
  const [sale] = await tx
    .select({ id: sales.id, amount: sales.amount, currency: sales.currency })
    .from(sales)
    .where(and(eq(sales.id, scope.saleId), eq(sales.submerchantId, scope.submerchantId)))
    .for('update')
  if (!sale) throw notFound(REFUND_ERRORS.saleNotFound)
  return sale
}

async function refundsOf(tx: Db, saleId: string): Promise<RefundRow[]> {
  return tx
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.saleId, saleId))
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
}

// Another account's sale is indistinguishable from a missing one (404).
export async function listRefundRequests(db: Db, scope: SaleScope): Promise<RefundRequest[]> {
  const [sale] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, scope.saleId), eq(sales.submerchantId, scope.submerchantId)))
  if (!sale) throw notFound(REFUND_ERRORS.saleNotFound)
  return (await refundsOf(db, scope.saleId)).map(serializeRefundRequest)
}

export async function createRefundRequest(
  db: Db,
  scope: SaleScope,
  input: { payload: RefundRequestPayload; userId: string; now: Date },
): Promise<RefundRequest> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, scope)
    const refundable = refundableAmount(sale, await refundsOf(tx, sale.id))
    assertWithinRefundable(input.payload.amount, refundable, sale.currency)
    const [row] = await tx
      .insert(refundRequests)
      .values({
        id: newId('ref'),
        saleId: sale.id,
        submerchantId: scope.submerchantId,
        status: 'pending',
        amount: input.payload.amount,
        refundReason: input.payload.refundReason,
        customerEmailAddress: emailOrNull(input.payload),
        currency: sale.currency,
        createdAt: input.now,
        createdBy: input.userId,
        updatedAt: input.now,
      })
      .returning()
    if (!row) throw new Error('refund insert returned no row')
    const refund = serializeRefundRequest(row)
    await recordEvent(tx, {
      submerchantId: scope.submerchantId,
      type: 'refund_request.created',
      data: refund,
      now: input.now,
    })
    return refund
  })
}

function pendingRefund(refunds: RefundRow[], refundId: string, notPendingMessage: string) {
  const refund = refunds.find((r) => r.id === refundId)
  if (!refund) throw notFound(REFUND_ERRORS.refundNotFound)
  if (refund.status !== 'pending') throw conflict(notPendingMessage, 'refund_not_pending')
  return refund
}

export async function updateRefundRequest(
  db: Db,
  scope: SaleScope & { refundId: string },
  input: { payload: RefundRequestPayload; now: Date },
): Promise<RefundRequest> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, scope)
    const refunds = await refundsOf(tx, sale.id)
    pendingRefund(refunds, scope.refundId, REFUND_ERRORS.notPendingEdit)
    const refundable = refundableAmount(sale, refunds, scope.refundId)
    assertWithinRefundable(input.payload.amount, refundable, sale.currency)
    const [row] = await tx
      .update(refundRequests)
      .set({
        amount: input.payload.amount,
        refundReason: input.payload.refundReason,
        customerEmailAddress: emailOrNull(input.payload),
        updatedAt: input.now,
      })
      .where(eq(refundRequests.id, scope.refundId))
      .returning()
    if (!row) throw new Error('refund update returned no row')
    return serializeRefundRequest(row)
  })
}

export async function deleteRefundRequest(
  db: Db,
  scope: SaleScope & { refundId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const sale = await lockSale(tx, scope)
    pendingRefund(await refundsOf(tx, sale.id), scope.refundId, REFUND_ERRORS.notPendingDelete)
    await tx.delete(refundRequests).where(eq(refundRequests.id, scope.refundId))
  })
}
