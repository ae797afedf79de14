import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  CARD_SCHEMES,
  CARD_TYPES,
  SALE_METHODS,
  type CardScheme,
  type CardType,
  type SaleMethod,
} from '@/api/schema/sale-values'
import type { Sale } from '@/api/schema/sales'
import type { AppEnv } from '../context'
import { sales } from '../db/schema/core'
import type { Db } from '../db/client'
import { forbidden, notFound } from '../errors'
import { requirePerspective } from '../middleware/perspective'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  executeList,
  intFilter,
  parseListQuery,
  sendList,
  stringFilter,
  type ListResource,
} from '../lib/list-engine'

type SaleRow = typeof sales.$inferSelect

// The §3 Sale exactly as the arktype schema describes it; payoutId stays internal.
export function serializeSale(row: SaleRow): Sale {
  return {
    id: row.id,
    amount: row.amount,
    saleAmount: row.saleAmount,
    gratuityAmount: row.gratuityAmount,
    currency: row.currency,
    method: row.method as SaleMethod,
    panLastFour: row.panLastFour,
    authCode: row.authCode,
    cardScheme: row.cardScheme as CardScheme,
    cardIsCommercial: row.cardIsCommercial,
    cardType: row.cardType as CardType,
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

// Every column but payoutId, which stays internal.
const saleColumns = {
  id: sales.id,
  submerchantId: sales.submerchantId,
  amount: sales.amount,
  saleAmount: sales.saleAmount,
  gratuityAmount: sales.gratuityAmount,
  currency: sales.currency,
  method: sales.method,
  panLastFour: sales.panLastFour,
  authCode: sales.authCode,
  cardScheme: sales.cardScheme,
  cardIsCommercial: sales.cardIsCommercial,
  cardType: sales.cardType,
  cardIsPrepaid: sales.cardIsPrepaid,
  cardCountryCode: sales.cardCountryCode,
  cardCountryIsInEEA: sales.cardCountryIsInEEA,
  capturedAt: sales.capturedAt,
  retrievalReferenceNumber: sales.retrievalReferenceNumber,
  settlementTransactionId: sales.settlementTransactionId,
  balanceTransactionId: sales.balanceTransactionId,
  disbursementWithheld: sales.disbursementWithheld,
  disbursementWithheldReason: sales.disbursementWithheldReason,
  disbursementWithheldMessage: sales.disbursementWithheldMessage,
  disbursementWithheldUrl: sales.disbursementWithheldUrl,
  terminalId: sales.terminalId,
  terminalSerialNumber: sales.terminalSerialNumber,
  receiptId: sales.receiptId,
  intentId: sales.intentId,
  externalReference: sales.externalReference,
}

type ListedSale = Omit<SaleRow, 'payoutId'>

const string = stringFilter
const money = (column: AnyPgColumn) => intFilter(column, { range: true })

export const salesList: ListResource<ListedSale> = {
  table: sales,
  columns: saleColumns,
  serialize: (row) => serializeSale({ ...row, payoutId: null }),
  fields: Object.keys(saleColumns).filter((k) => k !== 'submerchantId'),
  filters: {
    submerchantId: string(sales.submerchantId),
    terminalId: string(sales.terminalId),
    id: string(sales.id),
    method: { column: sales.method, type: 'enum', values: SALE_METHODS },
    cardScheme: { column: sales.cardScheme, type: 'enum', values: CARD_SCHEMES },
    cardType: { column: sales.cardType, type: 'enum', values: CARD_TYPES },
    cardIsCommercial: { column: sales.cardIsCommercial, type: 'bool' },
    cardIsPrepaid: { column: sales.cardIsPrepaid, type: 'bool' },
    cardCountryCode: string(sales.cardCountryCode),
    disbursementWithheld: { column: sales.disbursementWithheld, type: 'bool' },
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
    capturedAt: { column: sales.capturedAt, type: 'timestamp', eq: false, range: true },
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
}

// One sale of the given account; another account's sale is the same 404 as a missing one.
export async function findOwnSale(db: Db, saleId: string, submerchantId: string): Promise<Sale> {
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.submerchantId, submerchantId)))
  if (!row) throw notFound('Sale not found')
  return serializeSale(row)
}

export function salesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // Sales of the perspective account, optionally of one of its terminals (§7).
  app.get('/', async (c) => {
    const submerchantId = requirePerspective(c)
    const parsed = parseListQuery(salesList, new URL(c.req.url).searchParams)
    const asked = parsed.eq.get('submerchantId')
    if (asked !== undefined && asked !== submerchantId) {
      throw forbidden('You can only list sales of the account in Token-Perspective')
    }
    const scope = eq(sales.submerchantId, submerchantId)
    const result = await executeList(c.get('deps').db.db, salesList, parsed, scope)
    return sendList(c, result)
  })

  // §7 GET /v1/sales/{id}: the sale detail, scoped to the perspective account.
  app.get('/:id', async (c) => {
    const submerchantId = requirePerspective(c)
    return c.json(await findOwnSale(c.get('deps').db.db, c.req.param('id'), submerchantId))
  })

  return app
}
