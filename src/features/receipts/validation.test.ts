import { describe, expect, it } from 'vitest'
import { RECEIPT_MESSAGES } from '@/features/receipts/messages'
import { emailReceiptError } from '@/features/receipts/validation'

describe('emailReceiptError', () => {
  it('accepts an address, ignoring surrounding spaces', () => {
    expect(emailReceiptError(' rider@example.com ')).toBeNull()
  })

  it('asks for an address when empty', () => {
    expect(emailReceiptError('  ')).toBe(RECEIPT_MESSAGES.emailRequired)
  })

  it.each(['rider', 'rider@', '@example.com', 'a b@example.com'])('refuses %s', (value) => {
    expect(emailReceiptError(value)).toBe(RECEIPT_MESSAGES.emailInvalid)
  })
})
