import { describe, expect, it } from 'vitest'
import { AMOUNT_TOO_LARGE } from '@/api/amount-limit'
import { checkCreate, INITIAL_CREATE_VALUES } from '@/features/payment-links/create-rules'
import { captureAmountOf } from '@/features/payment-links/capture'
import { loadPhoneLib } from '@/lib/phone'
import { EXPIRY_MESSAGES } from '@/lib/expiry'
import { PAYMENT_LINK_MESSAGES } from '@/lib/payment-link-rules'

const NOW = new Date('2026-11-24T10:00:00Z')

async function check(values: Partial<typeof INITIAL_CREATE_VALUES>, requiresJobNumber = false) {
  return checkCreate(
    { ...INITIAL_CREATE_VALUES, ...values },
    { submerchantId: 'sub_x', requiresJobNumber, phoneLib: await loadPhoneLib(), now: NOW },
  )
}

describe('the create form rules', () => {
  it('needs an amount, a phone for SMS and an email for email', async () => {
    const result = await check({ sendSms: true, sendEmail: true })
    expect(result).toEqual({
      ok: false,
      errors: {
        amount: PAYMENT_LINK_MESSAGES.amountRequired,
        phone: PAYMENT_LINK_MESSAGES.phoneRequired,
        email: PAYMENT_LINK_MESSAGES.emailRequired,
      },
    })
  })

  it('refuses an amount above the one limit the sandbox also checks', async () => {
    const over = await check({ amount: '1000000.00' })
    expect(over.ok || over.errors).toEqual({ amount: AMOUNT_TOO_LARGE })
    const at = await check({ amount: '999999.99' })
    expect(at.ok).toBe(true)
  })

  it('gives the job-number account its three messages', async () => {
    const missing = await check({ amount: '10' }, true)
    expect(missing.ok || missing.errors).toEqual({
      reference: PAYMENT_LINK_MESSAGES.jobNumberRequired,
      customerName: PAYMENT_LINK_MESSAGES.customerNameRequired,
    })
    const short = await check({ amount: '10', reference: 'JOB1', customerName: 'Jack' }, true)
    expect(short.ok || short.errors).toEqual({ reference: PAYMENT_LINK_MESSAGES.jobNumberTooShort })
  })

  it('strips dashes and spaces from the phone, parses it as GB, and builds the payload', async () => {
    const result = await check({
      amount: '24.50',
      phone: '07700-900 123',
      sendSms: true,
      postcode: 'sw1a 1aa',
      expiry: '2 hours',
      captureMode: 'manual',
    })
    expect(result.ok && result.payload).toMatchObject({
      saleAmount: 2450,
      currency: 'GBP',
      customerPhoneNumber: '+447700900123',
      sendCustomerSms: true,
      captureMode: 'manual',
      expiryNaturalLanguage: '2 hours',
      customerAddress: { countryCode: 'GB', postcode: 'SW1A 1AA' },
    })
  })

  it('refuses an expiry it cannot read', async () => {
    const result = await check({ amount: '5', expiry: 'whenever' })
    expect(result.ok || result.errors.expiry).toBe(EXPIRY_MESSAGES.unparsed)
  })
})

describe('capture amounts', () => {
  it('converts pounds to minor units and caps at the intent amount', () => {
    expect(captureAmountOf('12.50', 3000)).toBe(1250)
    expect(captureAmountOf('45', 3000)).toBe(3000)
    expect(captureAmountOf('', 3000)).toBeNull()
    expect(captureAmountOf('0', 3000)).toBeNull()
  })
})
