import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '../../../src/api/schema/sale-values'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const total = (name: string) => bigint(name, { mode: 'number' }).notNull()

/**
 * The sales of each account, totalled by UTC hour and by UTC day, per card scheme, method and card
 * type (at most 27 groups a period). Kept by triggers on `sales` in the statement that changes a
 * sale (migration 0019), so they are never behind. GET /v1/sales/summary reads them for the whole
 * hours and days of its range (docs/api.md#sales-summary).
 */
export const salesRollups = pgTable(
  'sales_rollups',
  {
    submerchantId: text('submerchant_id').notNull(),
    span: text('span', { enum: ['hour', 'day'] }).notNull(),
    // The UTC hour or day the totals cover, from this instant.
    periodStart: timestamptz('period_start').notNull(),
    cardScheme: text('card_scheme', { enum: CARD_SCHEMES }).notNull(),
    method: text('method', { enum: SALE_METHODS }).notNull(),
    cardType: text('card_type', { enum: CARD_TYPES }).notNull(),
    count: integer('count').notNull(),
    amount: total('amount'),
    saleAmount: total('sale_amount'),
    gratuityAmount: total('gratuity_amount'),
    // A sale without a fee counts as 0.
    feeAmount: total('fee_amount'),
    lastCapturedAt: timestamptz('last_captured_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'sales_rollups_pkey',
      columns: [t.submerchantId, t.span, t.periodStart, t.cardScheme, t.method, t.cardType],
    }),
    check('sales_rollups_span', sql`${t.span} in ('hour', 'day')`),
  ],
)
