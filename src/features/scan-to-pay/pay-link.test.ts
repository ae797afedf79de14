import { describe, expect, it } from 'vitest'
import { kitFileName, scanToPayUrl } from '@/features/scan-to-pay/pay-link'

describe('scanToPayUrl', () => {
  it("is the sandbox's /pay on the portal's origin when no pay host is configured", () => {
    expect(scanToPayUrl('sub_demo_city_cabs', '', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/pay?submerchant=sub_demo_city_cabs',
    )
  })

  it("uses the environment's pay host and encodes the id", () => {
    expect(scanToPayUrl('sub_a&b', 'https://pay.fleetpay.example', 'http://ignored')).toBe(
      'https://pay.fleetpay.example/pay?submerchant=sub_a%26b',
    )
  })
})

describe('kitFileName', () => {
  it('is named after the account, without characters file systems refuse', () => {
    expect(kitFileName('City Cabs')).toBe('City Cabs Scan to Pay kit.pdf')
    expect(kitFileName('A/B: "Cars" <24*7>?')).toBe('A B Cars 24 7 Scan to Pay kit.pdf')
    expect(kitFileName(' \u0000 ')).toBe('Account Scan to Pay kit.pdf')
  })
})
