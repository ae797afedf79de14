import * as phoneLib from 'libphonenumber-js/min'
import papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { AMOUNT_TOO_LARGE } from '@/api/amount-limit'
import { parseAndCheck } from '@/features/payment-links/bulk-import/bulk-import-parse'
import {
  checkRow,
  columnLabel,
  columnOf,
  isTruthy,
  SAMPLE_CSV,
  type BulkColumn,
} from '@/features/payment-links/bulk-import/bulk-import-rows'
import { AMOUNT_MESSAGE } from '@/lib/list-search'
import { PAYMENT_LINK_MESSAGES } from '@/lib/payment-link-rules'

const opts = { submerchantId: 'sub_demo_city_cabs', requiresJobNumber: false, phoneLib }
const row = (values: Partial<Record<BulkColumn, string>>, extra = {}) =>
  checkRow(2, values, { ...opts, ...extra })
const check = (text: string, extra = {}) =>
  parseAndCheck(papa, phoneLib, {
    submerchantId: opts.submerchantId,
    requiresJobNumber: false,
    text,
    ...extra,
  })

describe('bulk import rows', () => {
  it('normalises headers: case, spaces, underscores and dashes', () => {
    expect(columnOf('Customer Name')).toBe('customerName')
    expect(columnOf('customer_name')).toBe('customerName')
    expect(columnOf(' SEND-CUSTOMER-SMS ')).toBe('sendCustomerSms')
    expect(columnOf('Customer Phone Number')).toBe('customerPhoneNumber')
    expect(columnOf('colour')).toBeNull()
  })

  it('takes exactly true, TRUE, 1, yes and YES as truthy', () => {
    for (const value of ['true', 'TRUE', '1', 'yes', 'YES', ' yes '])
      expect(isTruthy(value)).toBe(true)
    for (const value of ['True', 'y', 'no', '0', '', undefined]) expect(isTruthy(value)).toBe(false)
  })

  it('multiplies the amount by 100 exactly', () => {
    expect(row({ amount: '12.34' }).payload?.saleAmount).toBe(1234)
    expect(row({ amount: '0.29' }).payload?.saleAmount).toBe(29)
    expect(row({ amount: '1,234.5' }).payload?.saleAmount).toBe(123450)
    expect(row({ amount: '19.99' }).payload?.saleAmount).toBe(1999)
  })

  it('needs an amount, and a well-formed one', () => {
    expect(row({ amount: '' }).problems).toEqual([
      { field: 'amount', message: PAYMENT_LINK_MESSAGES.amountRequired },
    ])
    for (const bad of ['12.345', 'abc', '-5', '0', '1e3'])
      expect(row({ amount: bad }).problems).toEqual([{ field: 'amount', message: AMOUNT_MESSAGE }])
    expect(row({ amount: '1000000' }).problems).toEqual([
      { field: 'amount', message: AMOUNT_TOO_LARGE },
    ])
  })

  it('needs a phone for SMS and an email for email, with the create page messages', () => {
    expect(row({ amount: '5', sendCustomerSms: 'yes' }).problems).toEqual([
      { field: 'customerPhoneNumber', message: PAYMENT_LINK_MESSAGES.phoneRequired },
    ])
    expect(row({ amount: '5', sendCustomerEmail: '1' }).problems).toEqual([
      { field: 'customerEmailAddress', message: PAYMENT_LINK_MESSAGES.emailRequired },
    ])
  })

  it('parses the phone as GB (dashes and spaces stripped), null when invalid', () => {
    expect(
      row({ amount: '5', customerPhoneNumber: '07700-900 123' }).payload?.customerPhoneNumber,
    ).toBe('+447700900123')
    const invalid = row({ amount: '5', customerPhoneNumber: '12' })
    expect(invalid.problems).toEqual([])
    expect(invalid.payload?.customerPhoneNumber).toBeNull()
    // An invalid phone cannot carry an SMS.
    expect(
      row({ amount: '5', customerPhoneNumber: '12', sendCustomerSms: 'TRUE' }).problems,
    ).toHaveLength(1)
  })

  it('upper-cases the postcode', () => {
    expect(row({ amount: '5', customerPostcode: 'sw1a 1aa' }).payload?.customerAddress).toEqual({
      countryCode: 'GB',
      postcode: 'SW1A 1AA',
    })
  })

  it("applies the job-number account's rules", () => {
    const problems = row({ amount: '5', reference: 'JOB1' }, { requiresJobNumber: true }).problems
    expect(problems.map((p) => p.message)).toEqual([
      PAYMENT_LINK_MESSAGES.jobNumberTooShort,
      PAYMENT_LINK_MESSAGES.customerNameRequired,
    ])
  })
})

describe('parseAndCheck', () => {
  it('reads the sample file: two valid rows', () => {
    const checked = check(SAMPLE_CSV)
    expect(checked.fileProblems).toEqual([])
    expect(checked.rows.map((r) => [r.line, r.problems.length, r.payload?.saleAmount])).toEqual([
      [2, 0, 2450],
      [3, 0, 1800],
    ])
  })

  it('odd headers, a BOM, quoted commas, blank lines and unknown columns', () => {
    const text =
      '\uFEFFAmount, Customer_Name ,REFERENCE,Colour\r\n"1,000.00","Smith, Jo",R1,red\r\n\r\n9.5,Al,R2,blue\r\n'
    const checked = check(text)
    expect(checked.ignoredColumns).toEqual(['Colour'])
    expect(checked.rows.map((r) => [r.payload?.saleAmount, r.payload?.customerName])).toEqual([
      [100000, 'Smith, Jo'],
      [950, 'Al'],
    ])
  })

  it("names a problem's column as the file spells it, the sample's name when it is missing", () => {
    const checked = check('AMOUNT,Customer Phone Number,send_customer_sms\r\n,,yes\r\n')
    const fields = checked.rows[0]!.problems.map((p) => p.field!)
    expect(fields.map((field) => columnLabel(checked, field))).toEqual([
      'AMOUNT',
      'Customer Phone Number',
    ])
    const lacking = check('amount,sendCustomerEmail\r\n1,yes\r\n')
    expect(columnLabel(lacking, lacking.rows[0]!.problems[0]!.field!)).toBe('customerEmailAddress')
  })

  it('refuses a file without an amount column or without rows', () => {
    expect(check('reference,customerName\r\nR1,Al').fileProblems[0]).toMatch(/no amount column/)
    expect(check('amount\r\n').fileProblems).toEqual(['The file has no rows.'])
  })

  it('says an empty file is empty, and a binary or UTF-16 file is not CSV, once', () => {
    for (const empty of ['', '\uFEFF', ' \r\n\r\n']) {
      expect(check(empty).fileProblems).toEqual(['The file is empty.'])
    }
    const png = '\uFFFDPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000'
    const utf16 = 'a\u0000m\u0000o\u0000u\u0000n\u0000t\u0000\r\u0000\n\u00001\u0000'
    for (const text of [png, utf16]) {
      const checked = check(text)
      expect(checked.fileProblems).toEqual([
        'This is not a CSV file. Save the sheet as CSV UTF-8 (comma-separated values) and choose that file.',
      ])
      expect(checked.rows).toEqual([])
    }
  })

  it('reads 1,000 rows quickly enough for the page', () => {
    const lines = ['reference,amount,customerName,sendCustomerSms,customerPhoneNumber']
    for (let i = 0; i < 1000; i++)
      lines.push(`R${i},${i + 1}.25,Name ${i},yes,07700 900${String(i % 1000).padStart(3, '0')}`)
    const checked = check(lines.join('\n'))
    expect(checked.rows).toHaveLength(1000)
    expect(checked.rows.every((r) => r.payload !== null)).toBe(true)
  })
})
