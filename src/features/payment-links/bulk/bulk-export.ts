import type { Intent } from '@/api/schema/intents'
import { intentStatusLabel } from '@/features/payment-links/status'
import { formatDateTime, toDay } from '@/lib/dates'
import { minorToDecimalString } from '@/lib/money'
import { fileNamePart } from '@/lib/save-file'

export type ExportIntent = Pick<
  Intent,
  | 'id'
  | 'reference'
  | 'amount'
  | 'currency'
  | 'status'
  | 'customerName'
  | 'customerPhoneNumber'
  | 'customerEmailAddress'
  | 'createdAt'
  | 'expiresAt'
  | 'clientAccessUrl'
>

export const SELECTION_CSV_HEADER = [
  'ID',
  'Reference',
  'Amount',
  'Currency',
  'Status',
  'Customer Name',
  'Customer Phone',
  'Customer Email',
  'Created',
  'Expires',
  'Link',
] as const

// The selected links as text cells under SELECTION_CSV_HEADER: amounts as exact decimals, dates
// in the format (docs/constants.md#formats), statuses as the list shows them. The CSV writer escapes formula-like cells.
export function selectionCsvRows(intents: readonly ExportIntent[]): string[][] {
  return [
    [...SELECTION_CSV_HEADER],
    ...intents.map((intent) => [
      intent.id,
      intent.reference ?? '',
      minorToDecimalString(intent.amount, intent.currency),
      intent.currency,
      intentStatusLabel(intent.status),
      intent.customerName ?? '',
      intent.customerPhoneNumber ?? '',
      intent.customerEmailAddress ?? '',
      formatDateTime(intent.createdAt),
      intent.expiresAt ? formatDateTime(intent.expiresAt) : '',
      intent.clientAccessUrl,
    ]),
  ]
}

// "City Cabs payment links 2026-11-21.csv".
export function selectionFileName(accountName: string, now: Date): string {
  const account = fileNamePart(accountName) || 'Account'
  return `${account.slice(0, 150)} payment links ${toDay(now)}.csv`
}
