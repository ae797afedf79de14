// The refund rules the portal and the sandbox share (docs/sandbox-decisions.md#refund-requests), so both agree.
import { formatMoney } from './money'

// docs/states.md#refunds: rejected refunds give the money back to the refundable total; every other status holds it.
export const NON_HOLDING_REFUND_STATUSES: readonly string[] = ['rejected']

// docs/states.md#refunds and docs/validation.md#refund-request: the sale amount minus every refund that was not rejected (never below zero).
export function refundableAmount(
  sale: { amount: number },
  refunds: readonly { id: string; status: string; amount: number }[],
  // An edit leaves the refund's own amount out.
  excludeId?: string,
): number {
  const held = refunds
    .filter(
      (refund) => refund.id !== excludeId && !NON_HOLDING_REFUND_STATUSES.includes(refund.status),
    )
    .reduce((sum, refund) => sum + refund.amount, 0)
  return Math.max(0, sale.amount - held)
}

// The sandbox's 400 amount_exceeds_refundable message, which the form also shows before sending.
export function exceedsRefundableMessage(refundable: number, currency: string): string {
  return `Amount exceeds the refundable amount of ${formatMoney(refundable, currency)}`
}
