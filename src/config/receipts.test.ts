import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RECEIPT_BRAND,
  FALLBACK_RECEIPT_HOST,
  receiptBrandFor,
  receiptHostFor,
  receiptUrl,
} from '@/config/receipts'

const metroPay = {
  id: 'sub_demo_city_cabs',
  operatorId: 'op_demo_metropay',
  paymentFacilitatorId: 'pf_demo_sandbox_pay',
}
const independent = {
  id: 'sub_x',
  operatorId: 'op_unknown',
  paymentFacilitatorId: 'pf_demo_sandbox_pay',
}

describe('receipt brand and host', () => {
  it('brands by operator, else the default', () => {
    expect(receiptBrandFor(metroPay)).toBe('metropay')
    expect(receiptBrandFor(independent)).toBe(DEFAULT_RECEIPT_BRAND)
  })

  it("uses the operator's receipt site, else the facilitator's, per environment", () => {
    expect(receiptHostFor(metroPay, 'production')).toBe('https://receipts.metropay.example')
    expect(receiptHostFor(independent, 'production')).toBe('https://receipts.sandboxpay.example')
    expect(receiptHostFor(metroPay, 'dev')).toBe('https://receipts.dev.sandboxpay.example')
    expect(receiptHostFor({ ...independent, paymentFacilitatorId: 'pf_x' }, 'staging')).toBe(
      FALLBACK_RECEIPT_HOST,
    )
  })

  it('links locally to the sandbox receipt page on the same origin', () => {
    expect(receiptUrl('rcp_1', metroPay, 'local')).toBe('/receipts/rcp_1')
    expect(receiptUrl('rcp/1', metroPay, 'production')).toBe(
      'https://receipts.metropay.example/receipts/rcp%2F1',
    )
  })
})
