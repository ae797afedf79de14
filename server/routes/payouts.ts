import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { PAYOUT_DESTINATION_TYPES, PAYOUT_STATUSES, type Payout } from '@/api/schema/payouts'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import { payouts } from '../db/schema/core'
import { forbidden } from '../errors'
import {
  executeList,
  intFilter,
  parseListQuery,
  sendList,
  stringFilter,
  type ListResource,
} from '../lib/list-engine'
import { requirePerspective } from '../middleware/perspective'

type PayoutRow = typeof payouts.$inferSelect

// The §3 Payout exactly as the arktype schema describes it.
export function serializePayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    paymentReference: row.paymentReference,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    scheduled: row.scheduled,
    destinationType: row.destinationType,
    destinationId: row.destinationId,
    status: row.status,
  }
}

const payoutColumns = {
  id: payouts.id,
  submerchantId: payouts.submerchantId,
  paymentReference: payouts.paymentReference,
  amount: payouts.amount,
  currency: payouts.currency,
  createdAt: payouts.createdAt,
  scheduled: payouts.scheduled,
  destinationType: payouts.destinationType,
  destinationId: payouts.destinationId,
  status: payouts.status,
}

export const payoutsList: ListResource<PayoutRow> = {
  table: payouts,
  columns: payoutColumns,
  serialize: serializePayout,
  fields: Object.keys(payoutColumns).filter((k) => k !== 'submerchantId'),
  filters: {
    submerchantId: stringFilter(payouts.submerchantId),
    id: stringFilter(payouts.id),
    paymentReference: stringFilter(payouts.paymentReference),
    status: { column: payouts.status, type: 'enum', values: PAYOUT_STATUSES },
    destinationType: {
      column: payouts.destinationType,
      type: 'enum',
      values: PAYOUT_DESTINATION_TYPES,
    },
    amount: intFilter(payouts.amount, { range: true }),
    createdAt: { column: payouts.createdAt, type: 'timestamp', eq: false, range: true },
  },
  sortable: {
    createdAt: payouts.createdAt,
    amount: payouts.amount,
    status: payouts.status,
    paymentReference: payouts.paymentReference,
    id: payouts.id,
  },
  defaultSort: '-createdAt',
  tieBreaker: payouts.id,
}

export function payoutRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // §7 GET /v1/payouts?submerchantId={id}: the perspective account's payouts, §6 payout rule applied.
  app.get('/', async (c) => {
    const submerchantId = requirePerspective(c)
    const parsed = parseListQuery(payoutsList, new URL(c.req.url).searchParams)
    const asked = parsed.eq.get('submerchantId')
    if (asked !== undefined && asked !== submerchantId) {
      throw forbidden('You can only list payouts of the account in Token-Perspective')
    }
    await requireAccess(c, 'canViewPayouts')
    const scope = eq(payouts.submerchantId, submerchantId)
    return sendList(c, await executeList(c.get('deps').db.db, payoutsList, parsed, scope))
  })

  return app
}
