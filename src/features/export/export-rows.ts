import type { Sale } from '@/api/schema/sales'
import { formatDateTime } from '@/lib/dates'
import { minorToDecimalString } from '@/lib/money'
import { prettify } from '@/lib/prettify'

// The fields of a sale the export reads (the list call asks for these only).
export const EXPORT_SALE_FIELDS = [
  'id',
  'amount',
  'saleAmount',
  'gratuityAmount',
  'currency',
  'authCode',
  'retrievalReferenceNumber',
  'capturedAt',
  'terminalId',
  'terminalSerialNumber',
  'panLastFour',
  'cardScheme',
  'method',
  'cardType',
  'externalReference',
] as const satisfies readonly (keyof Sale)[]
export type ExportSale = Pick<Sale, (typeof EXPORT_SALE_FIELDS)[number]>

export interface SaleFee {
  feeAmount: number
  netAmount: number
}

// The CSV columns (docs/constants.md#export), in order; Fee and Net only when fees are chosen.
export function exportHeader(fees: boolean): string[] {
  return [
    'ID',
    ...(fees ? ['Fee', 'Net'] : []),
    'Sale Amount',
    'Tip Amount',
    'Currency',
    'Auth Code',
    'RRN',
    'Transaction Date',
    'Terminal Serial Number',
    'PAN ending',
    'Card Scheme',
    'Payment Method',
    'Card Type',
    'External Reference',
  ]
}

// One sale as its row of text cells. Amounts are exact decimals from integer minor units.
export function exportCells(
  sale: ExportSale,
  fee: SaleFee | undefined,
  serialNumber: string | null,
  fees: boolean,
): string[] {
  const money = (minor: number) => minorToDecimalString(minor, sale.currency)
  return [
    sale.id,
    ...(fees ? (fee ? [money(fee.feeAmount), money(fee.netAmount)] : ['', '']) : []),
    money(sale.saleAmount),
    money(sale.gratuityAmount),
    sale.currency,
    sale.authCode,
    sale.retrievalReferenceNumber,
    formatDateTime(sale.capturedAt),
    serialNumber ?? '',
    sale.panLastFour,
    prettify(sale.cardScheme),
    prettify(sale.method),
    prettify(sale.cardType),
    sale.externalReference ?? '',
  ]
}

interface CurrencyTotals {
  count: number
  gross: number
  tips: number
  fees: number
  net: number
}

/**
 * The summary at the end of a file: count, gross (fare plus tip), tips, fees and net, in integer
 * minor units per currency, added up as the pages go by.
 */
export class ExportTotals {
  private readonly byCurrency = new Map<string, CurrencyTotals>()

  add(sale: ExportSale, fee: SaleFee | undefined): void {
    let totals = this.byCurrency.get(sale.currency)
    if (!totals) {
      totals = { count: 0, gross: 0, tips: 0, fees: 0, net: 0 }
      this.byCurrency.set(sale.currency, totals)
    }
    totals.count += 1
    totals.gross += sale.amount
    totals.tips += sale.gratuityAmount
    totals.fees += fee?.feeAmount ?? 0
    totals.net += fee ? fee.netAmount : sale.amount
  }

  get count(): number {
    let count = 0
    for (const totals of this.byCurrency.values()) count += totals.count
    return count
  }

  // [label, value, currency] rows; one block per currency, fees and net only with fees.
  rows(fees: boolean): string[][] {
    const rows: string[][] = [['Transactions', String(this.count), '']]
    for (const [currency, totals] of this.byCurrency) {
      const money = (minor: number) => minorToDecimalString(minor, currency)
      if (this.byCurrency.size > 1)
        rows.push([`${currency} transactions`, String(totals.count), ''])
      rows.push(['Gross', money(totals.gross), currency])
      rows.push(['Tips', money(totals.tips), currency])
      if (fees) {
        rows.push(['Fees', money(totals.fees), currency])
        rows.push(['Net', money(totals.net), currency])
      }
    }
    return rows
  }
}
