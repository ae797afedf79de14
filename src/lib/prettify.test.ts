import { describe, expect, it } from 'vitest'
import { humanize, prettify } from '@/lib/prettify'

describe('prettify', () => {
  it.each([
    ['bluePad5000', 'BluePad 5000'],
    ['bluePad55', 'BluePad 55'],
    ['bluePad55_4g', 'BluePad 55 4G'],
    ['bluePad5000_v2', 'BluePad 5000 V2'],
    ['pos', 'POS'],
    ['softpos', 'SoftPOS'],
    ['ecommerce', 'E-commerce'],
    ['american_express', 'American Express'],
    ['mastercard', 'Mastercard'],
    ['bank_account', 'Bank account'],
    ['authorized_pending_capture', 'Authorized pending capture'],
    ['requires_3ds_challenge', 'Requires 3DS challenge'],
    ['payoutCard', 'Payout card'],
  ])('%s → %s', (input, output) => {
    expect(prettify(input)).toBe(output)
  })
})

describe('humanize', () => {
  it('sentence-cases snake_case and keeps acronyms', () => {
    expect(humanize('payment_declined')).toBe('Payment declined')
    expect(humanize('sms_sent')).toBe('SMS sent')
    expect(humanize('')).toBe('')
  })
})
