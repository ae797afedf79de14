import { getTableColumns } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '@/api/schema/sale-values'
import type { Sale } from '@/api/schema/sales'
import type { Db } from '../db/client'
import { sales } from '../db/schema/core'
import { notFound } from '../errors'
import { findInAccount, type AccountListResource } from '../lib/account-scope'
import {
  boolFilter,
  enumFilter,
  intFilter,
  stringFilter,
  timeRangeFilter,
} from '../lib/list-engine'

// The payout id and the fee copied from the balance transaction stay internal.
const { payoutId: _payout, feeAmount: _fee, ...saleColumns } = getTableColumns(sales)
type SaleRow = Omit<typeof sales.$inferSelect, 'payoutId' | 'feeAmount'>

// The Sale (docs/entities.md#sales-and-money) exactly as the arktype schema describes it.
export function serializeSale(row: SaleRow): Sale {
  return {
    id: row.id,
    amount: row.amount,
    saleAmount: row.saleAmount,
    gratuityAmount: row.gratuityAmount,
    currency: row.currency,
    method: row.method,
    panLastFour: row.panLastFour,
    authCode: row.authCode,
    cardScheme: row.cardScheme,
    cardIsCommercial: row.cardIsCommercial,
    cardType: row.cardType,
    cardIsPrepaid: row.cardIsPrepaid,
    cardCountryCode: row.cardCountryCode,
    cardCountryIsInEEA: row.cardCountryIsInEEA,
    capturedAt: row.capturedAt.toISOString(),
    retrievalReferenceNumber: row.retrievalReferenceNumber,
    settlementTransactionId: row.settlementTransactionId,
    balanceTransactionId: row.balanceTransactionId,
    disbursementWithheld: row.disbursementWithheld,
    disbursementWithheldReason: row.disbursementWithheldReason,
    disbursementWithheldMessage: row.disbursementWithheldMessage,
    disbursementWithheldUrl: row.disbursementWithheldUrl,
    terminalId: row.terminalId,
    terminalSerialNumber: row.terminalSerialNumber,
    receiptId: row.receiptId,
    intentId: row.intentId,
    externalReference: row.externalReference,
  }
}

const string = stringFilter
const money = (column: AnyPgColumn) => intFilter(column, { range: true })

// GET /v1/sales: the filters and sorts of docs/sandbox-decisions.md#get-v1sales.
export const salesList: AccountListResource<SaleRow> = {
  table: sales,
  account: sales.submerchantId,
  noun: 'sales',
  columns: saleColumns,
  serialize: serializeSale,
  fields: Object.keys(saleColumns).filter((k) => k !== 'submerchantId'),
  fieldsAreColumns: true,
  filters: {
    submerchantId: string(sales.submerchantId),
    terminalId: string(sales.terminalId),
    id: string(sales.id),
    method: enumFilter(sales.method, SALE_METHODS),
    cardScheme: enumFilter(sales.cardScheme, CARD_SCHEMES),
    cardType: enumFilter(sales.cardType, CARD_TYPES),
    cardIsCommercial: boolFilter(sales.cardIsCommercial),
    cardIsPrepaid: boolFilter(sales.cardIsPrepaid),
    cardCountryCode: string(sales.cardCountryCode),
    disbursementWithheld: boolFilter(sales.disbursementWithheld),
    terminalSerialNumber: string(sales.terminalSerialNumber),
    panLastFour: string(sales.panLastFour),
    authCode: string(sales.authCode),
    retrievalReferenceNumber: string(sales.retrievalReferenceNumber),
    settlementTransactionId: string(sales.settlementTransactionId),
    intentId: string(sales.intentId),
    externalReference: string(sales.externalReference),
    currency: string(sales.currency),
    amount: money(sales.amount),
    saleAmount: money(sales.saleAmount),
    gratuityAmount: money(sales.gratuityAmount),
    capturedAt: timeRangeFilter(sales.capturedAt),
  },
  sortable: {
    capturedAt: sales.capturedAt,
    amount: sales.amount,
    saleAmount: sales.saleAmount,
    gratuityAmount: sales.gratuityAmount,
    method: sales.method,
    cardScheme: sales.cardScheme,
    cardType: sales.cardType,
    terminalSerialNumber: sales.terminalSerialNumber,
    panLastFour: sales.panLastFour,
    retrievalReferenceNumber: sales.retrievalReferenceNumber,
    id: sales.id,
  },
  defaultSort: '-capturedAt',
  tieBreaker: sales.id,
  tieOrder: sales.capturedAt,
}

// One sale of the given account; another account's sale is the same 404 as a missing one.
export async function findOwnSale(db: Db, saleId: string, submerchantId: string): Promise<Sale> {
  const row = await findInAccount(db, sales, saleId, submerchantId)
  if (!row) throw notFound('Sale not found')
  return serializeSale(row)
}
