// Stripe's test cards, which decide a payment's outcome on the sandbox's pay pages, and the card
// form's checks; only the last four, the scheme and the outcome reach the payment.
import type { CardScheme } from '@/api/schema/sale-values'
import type { CardDetails, CardOutcome } from '../domain/intent-payments'

export interface TestCard {
  outcome: CardOutcome
  scheme: CardScheme
  label: string
}

// Stripe's test numbers (https://docs.stripe.com/testing), the ones the pay page lists.
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { outcome: 'succeed', scheme: 'visa', label: 'Succeeds' },
  '5555555555554444': { outcome: 'succeed', scheme: 'mastercard', label: 'Succeeds (Mastercard)' },
  '4000000000000002': { outcome: 'decline', scheme: 'visa', label: 'Declined' },
  '4000002760003184': { outcome: 'challenge', scheme: 'visa', label: '3-D Secure challenge' },
}

export type CardCheck =
  | { ok: true; card: CardDetails }
  | { ok: false; field: 'cardNumber' | 'expiry' | 'cvc'; message: string }

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

// The card form's checks; only the last four and the scheme leave this function.
export function checkCard(
  input: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return { ok: false, field: 'cardNumber', message: 'Your card number is incorrect.' }
  }
  const test = TEST_CARDS[digits]
  if (!test) {
    return {
      ok: false,
      field: 'cardNumber',
      message: 'This is the sandbox: use one of the test cards listed below.',
    }
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim())
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  const endOfMonth = Date.UTC(year, month, 1)
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    return { ok: false, field: 'expiry', message: "Your card's expiry date is incorrect." }
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incorrect." }
  }
  return {
    ok: true,
    card: { lastFour: digits.slice(-4), scheme: test.scheme, outcome: test.outcome },
  }
}
