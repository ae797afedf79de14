import { describe, expect, it } from 'vitest'
import { exceedsRefundableMessage, refundableAmount } from '@/lib/refundable'

const refund = (id: string, status: string, amount: number) => ({ id, status, amount })

describe('refundable amount', () => {
  it('leaves rejected refunds out of the refunded total', () => {
    const refunds = [
      refund('ref_1', 'pending', 300),
      refund('ref_2', 'rejected', 5000),
      refund('ref_3', 'completed', 200),
      refund('ref_4', 'approved', 100),
    ]
    expect(refundableAmount({ amount: 1000 }, refunds)).toBe(400)
    expect(refundableAmount({ amount: 1000 }, refunds, 'ref_1')).toBe(700)
    expect(refundableAmount({ amount: 500 }, refunds)).toBe(0)
    expect(refundableAmount({ amount: 1000 }, [])).toBe(1000)
  })

  it('names what is left in the sale currency when an amount is too large', () => {
    expect(exceedsRefundableMessage(1230, 'GBP')).toBe(
      'Amount exceeds the refundable amount of £12.30',
    )
  })
})
