import { describe, expect, it } from 'vitest'
import {
  SELECTION_CSV_HEADER,
  selectionCsvRows,
  selectionFileName,
  type ExportIntent,
} from '@/features/payment-links/bulk/bulk-export'

const intent: ExportIntent = {
  id: 'int_1',
  reference: 'BK-00123',
  amount: 1234,
  currency: 'GBP',
  status: 'payment_declined',
  customerName: 'Amelia Hughes',
  customerPhoneNumber: '+447700900123',
  customerEmailAddress: null,
  createdAt: '2026-03-02T10:15:00.000Z',
  expiresAt: null,
  clientAccessUrl: 'http://127.0.0.1:8080/pay/int_1',
}

describe('selectionCsvRows', () => {
  it('writes the header and one row per link, amounts as exact decimals', () => {
    const [header, row] = selectionCsvRows([intent])
    expect(header).toEqual([...SELECTION_CSV_HEADER])
    expect(row).toHaveLength(SELECTION_CSV_HEADER.length)
    expect(row?.slice(0, 8)).toEqual([
      'int_1',
      'BK-00123',
      '12.34',
      'GBP',
      'Payment declined',
      'Amelia Hughes',
      '+447700900123',
      '',
    ])
    expect(row?.[8]).toMatch(/^2026-03-02 \d{2}:15 [AP]M$/)
    expect(row?.[9]).toBe('')
    expect(row?.[10]).toBe('http://127.0.0.1:8080/pay/int_1')
  })
})

describe('selectionFileName', () => {
  it('names the file after the account and the day, without unsafe characters', () => {
    expect(selectionFileName('A/B: Cabs', new Date('2026-03-02T12:00:00Z'))).toBe(
      'A B Cabs payment links 2026-03-02.csv',
    )
    expect(selectionFileName('', new Date('2026-03-02T12:00:00Z'))).toBe(
      'Account payment links 2026-03-02.csv',
    )
  })
})
