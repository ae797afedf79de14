import { AMOUNT_TOO_LARGE, MAX_AMOUNT } from '@/api/amount-limit'
import type { IntentCreatePayload } from '@/api/schema/intents'
import { DEFAULT_CURRENCY } from '@/config/limits'
import { AMOUNT_MESSAGE } from '@/lib/list-search'
import { parseMoney } from '@/lib/money'
import {
  DEFAULT_EXPIRY,
  jobNumberProblems,
  PAYMENT_LINK_MESSAGES,
  stripPhone,
} from '@/lib/payment-link-rules'
import { DEFAULT_PHONE_COUNTRY, type PhoneLib } from '@/lib/phone'

// The bulk CSV row (docs/entities.md#payment-links), in the order of the sample file.
export const BULK_COLUMNS = [
  'reference',
  'amount',
  'customerName',
  'description',
  'sendCustomerSms',
  'customerPhoneNumber',
  'sendCustomerEmail',
  'customerEmailAddress',
  'customerPostcode',
] as const
export type BulkColumn = (typeof BULK_COLUMNS)[number]

// The most rows one import takes (a week of account jobs is a few hundred).
export const MAX_BULK_ROWS = 5000

// 'Customer Name', 'customer_name', ' CUSTOMER-NAME ' → 'customername'.
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '')
}

const BY_KEY = new Map<string, BulkColumn>(
  BULK_COLUMNS.map((column) => [headerKey(column), column]),
)

// The column (docs/entities.md#payment-links) a header names, or null for a column the import does not know.
export function columnOf(header: string): BulkColumn | null {
  return BY_KEY.get(headerKey(header)) ?? null
}

// docs/validation.md#bulk-create: the truthy values are exactly these (after trimming).
const TRUTHY = new Set(['true', 'TRUE', '1', 'yes', 'YES'])
export const isTruthy = (value: string | undefined) => TRUTHY.has((value ?? '').trim())

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const INVALID_EMAIL = 'Enter a valid email address'

export interface RowProblem {
  // null: the row as a whole (a broken CSV line).
  field: BulkColumn | null
  message: string
}

export interface CheckedRow {
  // The row's number in the file, counting the header as row 1 (what a spreadsheet shows).
  line: number
  values: Partial<Record<BulkColumn, string>>
  payload: IntentCreatePayload | null
  problems: RowProblem[]
}

export interface CheckedFile {
  rows: CheckedRow[]
  // Problems with the file itself: no amount column, unknown columns, too many rows.
  fileProblems: string[]
  ignoredColumns: string[]
  // Each known column's header as the file spells it ('Customer Phone Number'), for the messages.
  columnNames: Partial<Record<BulkColumn, string>>
}

// A problem's column as the person's file names it; the sample's name when the file lacks it.
export function columnLabel(file: CheckedFile, field: BulkColumn): string {
  return file.columnNames[field] ?? field
}

export interface CheckOptions {
  submerchantId: string
  requiresJobNumber: boolean
  phoneLib: PhoneLib
}

/**
 * Bulk create (docs/validation.md#bulk-create), per row: an amount (exactly ×100, no floating point), a phone when SMS is asked
 * (parsed as GB; null when invalid), an email when email is asked, the postcode upper-cased, and
 * the job-number account's rules. The messages are the create page's.
 */
export function checkRow(
  line: number,
  values: Partial<Record<BulkColumn, string>>,
  opts: CheckOptions,
): CheckedRow {
  const problems: RowProblem[] = []
  const text = (column: BulkColumn) => values[column]?.trim() ?? ''

  const amountText = text('amount')
  const amount = amountText ? parseMoney(amountText) : null
  if (!amountText) problems.push({ field: 'amount', message: PAYMENT_LINK_MESSAGES.amountRequired })
  else if (amount === null || amount <= 0)
    problems.push({ field: 'amount', message: AMOUNT_MESSAGE })
  else if (amount > MAX_AMOUNT) problems.push({ field: 'amount', message: AMOUNT_TOO_LARGE })

  const sendSms = isTruthy(values.sendCustomerSms)
  const phoneText = stripPhone(text('customerPhoneNumber'))
  const parsed = phoneText
    ? opts.phoneLib.parsePhoneNumberFromString(phoneText, DEFAULT_PHONE_COUNTRY)
    : undefined
  // docs/validation.md#bulk-create: an invalid phone becomes null (and then SMS cannot be asked for).
  const phone = parsed?.isPossible() ? parsed.number : null
  if (sendSms && !phone) {
    problems.push({ field: 'customerPhoneNumber', message: PAYMENT_LINK_MESSAGES.phoneRequired })
  }

  const sendEmail = isTruthy(values.sendCustomerEmail)
  const email = text('customerEmailAddress')
  if (email && !EMAIL.test(email)) {
    problems.push({ field: 'customerEmailAddress', message: INVALID_EMAIL })
  } else if (sendEmail && !email) {
    problems.push({ field: 'customerEmailAddress', message: PAYMENT_LINK_MESSAGES.emailRequired })
  }

  if (opts.requiresJobNumber) {
    for (const problem of jobNumberProblems({
      reference: text('reference'),
      customerName: text('customerName'),
    })) {
      problems.push({ field: problem.field, message: problem.message })
    }
  }

  const orNull = (column: BulkColumn) => text(column) || null
  const payload: IntentCreatePayload | null =
    problems.length > 0 || amount === null
      ? null
      : {
          saleAmount: amount,
          currency: DEFAULT_CURRENCY,
          submerchantId: opts.submerchantId,
          reference: orNull('reference'),
          customerName: orNull('customerName'),
          description: orNull('description'),
          captureMode: 'automatic',
          customerPhoneNumber: phone,
          sendCustomerSms: sendSms,
          customerEmailAddress: email || null,
          sendCustomerEmail: sendEmail,
          expiryNaturalLanguage: DEFAULT_EXPIRY,
          customerAddress: {
            countryCode: 'GB',
            postcode: text('customerPostcode').toUpperCase() || null,
          },
        }
  return { line, values, payload, problems }
}

/**
 * The parsed records of a file (header row already read) → checked rows. `fields` are the file's
 * own header names, mapped to the columns of docs/entities.md#payment-links by their normalised form.
 */
export function checkFile(
  fields: readonly string[],
  records: readonly Record<string, string | undefined>[],
  opts: CheckOptions,
): CheckedFile {
  const fileProblems: string[] = []
  const columns = new Map<string, BulkColumn>()
  const ignoredColumns: string[] = []
  const columnNames: Partial<Record<BulkColumn, string>> = {}
  for (const field of fields) {
    const column = columnOf(field)
    if (column) {
      columns.set(field, column)
      columnNames[column] ??= field
    } else if (field.trim()) ignoredColumns.push(field)
  }
  if (![...columns.values()].includes('amount')) {
    fileProblems.push('The file has no amount column. Download the sample to see the columns.')
  }
  if (records.length === 0) fileProblems.push('The file has no rows.')
  if (records.length > MAX_BULK_ROWS) {
    fileProblems.push(
      `The file has ${records.length.toLocaleString('en-GB')} rows; one import takes at most ${MAX_BULK_ROWS.toLocaleString('en-GB')}. Split it into smaller files.`,
    )
  }
  if (fileProblems.length > 0) return { rows: [], fileProblems, ignoredColumns, columnNames }

  const rows = records.map((record, index) => {
    const values: Partial<Record<BulkColumn, string>> = {}
    for (const [field, column] of columns) {
      const value = record[field]
      if (value !== undefined && values[column] === undefined) values[column] = value
    }
    // Row 1 is the header.
    return checkRow(index + 2, values, opts)
  })
  return { rows, fileProblems, ignoredColumns, columnNames }
}

// The sample file offered for download: the columns and two example rows.
export const SAMPLE_CSV = [
  BULK_COLUMNS.join(','),
  'JOB1001,24.50,Alex Smith,Airport run,yes,07700 900123,no,,SW1A 1AA',
  'JOB1002,18.00,Sam Jones,Station pick-up,no,,yes,sam@example.com,m1 1ae',
].join('\r\n')
