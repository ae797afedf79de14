import { Hono, type Context } from 'hono'
import { RefundRequestPayload } from '@/api/schema/refunds'
import { requireAccess } from '../auth/access'
import type { AppEnv } from '../context'
import {
  createRefundRequest,
  deleteRefundRequest,
  listRefundRequests,
  updateRefundRequest,
  type SaleScope,
} from '../domain/refunds'
import { diffFields } from '../domain/activity'
import { audited } from '../lib/activity'
import { invalidQuery } from '../lib/list-engine'
import { parseJsonBody } from '../middleware/validate'
import { requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'

// The API writes the collection with a trailing slash (docs/api.md#sales-refunds-and-receipts); both spellings are served.
const COLLECTION = ['/:saleId/refund-requests', '/:saleId/refund-requests/']
const ITEM = ['/:saleId/refund-requests/:refundId', '/:saleId/refund-requests/:refundId/']

function saleScope(c: Context<AppEnv>): SaleScope {
  return { saleId: c.req.param('saleId') ?? '', submerchantId: requirePerspective(c) }
}

// What a refund's activity row shows changing (never the customer's email).
const REFUND_FIELDS = ['amount', 'refundReason', 'status'] as const
const onSale = (saleId: string, refundId: string) => ({
  type: 'sale' as const,
  id: saleId,
  label: refundId,
})

function refundScope(c: Context<AppEnv>): SaleScope & { refundId: string } {
  return { ...saleScope(c), refundId: c.req.param('refundId') ?? '' }
}

// Mounted under /v1/sales: the refund requests of one sale of the perspective account.
export function refundRequestRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // Every refund of the sale, oldest first (a handful per sale, so no paging).
  app.on('GET', COLLECTION, async (c) => {
    const scope = saleScope(c)
    const params = new URL(c.req.url).searchParams
    const unknown = [...new Set(params.keys())]
    if (unknown.length > 0) {
      throw invalidQuery(unknown.map((field) => ({ field, messages: ['is not supported here'] })))
    }
    const items = await listRefundRequests(c.get('deps').db.db, scope)
    c.header('Total-Count', String(items.length))
    c.header('Total-Count-Is-Approximate', 'false')
    return c.json(items)
  })

  app.on('POST', COLLECTION, async (c) => {
    const scope = saleScope(c)
    await requireAccess(c, 'canRequestRefund')
    const payload = await parseJsonBody(c, RefundRequestPayload)
    const now = c.get('deps').clock.now()
    const userId = requireAuth(c).userId
    const refund = await audited(
      c,
      (tx) => createRefundRequest(tx, scope, { payload, userId, now }),
      (created) => ({
        action: 'refund.requested',
        object: onSale(scope.saleId, created.id),
        changes: diffFields(null, created, REFUND_FIELDS),
      }),
    )
    return c.json(refund, 201)
  })

  app.on('PATCH', ITEM, async (c) => {
    const scope = refundScope(c)
    await requireAccess(c, 'canRequestRefund')
    const payload = await parseJsonBody(c, RefundRequestPayload)
    const now = c.get('deps').clock.now()
    const { after } = await audited(
      c,
      async (tx) => ({
        before: (await listRefundRequests(tx, scope)).find((r) => r.id === scope.refundId) ?? null,
        after: await updateRefundRequest(tx, scope, { payload, now }),
      }),
      ({ before, after }) => ({
        action: 'refund.edited',
        object: onSale(scope.saleId, after.id),
        changes: diffFields(before, after, REFUND_FIELDS),
      }),
    )
    return c.json(after)
  })

  app.on('DELETE', ITEM, async (c) => {
    const scope = refundScope(c)
    await requireAccess(c, 'canRequestRefund')
    await audited(
      c,
      async (tx) => {
        const before = (await listRefundRequests(tx, scope)).find((r) => r.id === scope.refundId)
        await deleteRefundRequest(tx, scope)
        return before ?? null
      },
      (before) => ({
        action: 'refund.deleted',
        object: onSale(scope.saleId, scope.refundId),
        changes: diffFields(before, null, REFUND_FIELDS),
      }),
    )
    return c.body(null, 204)
  })

  return app
}
