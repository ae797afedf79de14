import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import {
  dashboardKeys,
  developerKeys,
  intentKeys,
  notificationKeys,
  payoutKeys,
  refundKeys,
  salesKeys,
} from '@/api/query-keys'
import { EVENT_TYPES, type EventType } from '@/api/schema/event-values'
import {
  applyEvent,
  applyReset,
  queriesTouchedBy,
  type Touch,
} from '@/features/notifications/invalidation'
import { newSalesSince, resetLiveStatus } from '@/lib/live-status'

const A = 'sub_a'
const B = 'sub_b'

function event(type: EventType, objectId = 'obj_1', data: Record<string, unknown> = {}) {
  return { type, submerchantId: A, objectId, data }
}

const keys = (touches: Touch[]) => touches.map((t) => [t.queryKey, t.refetch])

afterEach(() => resetLiveStatus())

describe('queriesTouchedBy', () => {
  it('refreshes a link and the link lists on every intent event', () => {
    for (const type of EVENT_TYPES.filter((t) => t.startsWith('intent.'))) {
      expect(keys(queriesTouchedBy(event(type, 'int_1')))).toEqual([
        [intentKeys.detail(A, 'int_1'), 'active'],
        [intentKeys.lists(A), 'active'],
        [notificationKeys.feed(A), 'active'],
      ])
    }
  })

  it('marks the sales lists and dashboard figures stale without refetching them on a new sale', () => {
    expect(keys(queriesTouchedBy(event('sale.created', 'sale_1')))).toEqual([
      [salesKeys.detail(A, 'sale_1'), 'active'],
      [salesKeys.lists(A), 'none'],
      [dashboardKeys.summaries(A), 'none'],
      [notificationKeys.feed(A), 'active'],
    ])
  })

  it('refetches the lists on a withheld sale: the row changes in place', () => {
    expect(keys(queriesTouchedBy(event('sale.withheld', 'sale_1')))).toEqual([
      [salesKeys.detail(A, 'sale_1'), 'active'],
      [salesKeys.lists(A), 'active'],
      [dashboardKeys.summaries(A), 'active'],
      [notificationKeys.feed(A), 'active'],
    ])
  })

  it("refreshes a refund's sale and its refunds, from the request's saleId", () => {
    for (const type of [
      'refund_request.created',
      'refund_request.completed',
      'refund_request.rejected',
    ] as const) {
      expect(keys(queriesTouchedBy(event(type, 'rr_1', { saleId: 'sale_9' })))).toEqual([
        [refundKeys.list(A, 'sale_9'), 'active'],
        [salesKeys.detail(A, 'sale_9'), 'active'],
        [notificationKeys.feed(A), 'active'],
      ])
    }
    expect(keys(queriesTouchedBy(event('refund_request.created', 'rr_1')))).toEqual([
      [notificationKeys.feed(A), 'active'],
    ])
  })

  it('refreshes the payouts, the payout and the forecast on payout events', () => {
    for (const type of ['payout.created', 'payout.paid', 'payout.failed'] as const) {
      expect(keys(queriesTouchedBy(event(type, 'po_1')))).toEqual([
        [payoutKeys.lists(A), 'active'],
        [payoutKeys.detail(A, 'po_1'), 'active'],
        [dashboardKeys.recentPayouts(A), 'active'],
        [notificationKeys.feed(A), 'active'],
      ])
    }
  })

  it('refreshes the endpoints when one is failing', () => {
    expect(keys(queriesTouchedBy(event('webhook_endpoint.failing', 'we_1')))).toEqual([
      [developerKeys.endpoints(A), 'active'],
      [notificationKeys.feed(A), 'active'],
    ])
  })

  it('always touches the bell', () => {
    for (const type of EVENT_TYPES) {
      const touched = queriesTouchedBy(event(type, 'x', { saleId: 's' })).map((t) => t.queryKey)
      expect(touched).toContainEqual(notificationKeys.feed(A))
    }
  })
})

describe('applyEvent', () => {
  // Seeds a query of each area under two accounts and reports which were invalidated.
  function seeded() {
    const client = new QueryClient()
    const all = (account: string) => [
      salesKeys.list(account, { page: 1 }),
      salesKeys.detail(account, 'sale_1'),
      salesKeys.detail(account, 'sale_2'),
      intentKeys.detail(account, 'obj_1'),
      intentKeys.list(account, { page: 1 }),
      payoutKeys.list(account, { page: 1 }),
      dashboardKeys.summary(account, { groupBy: 'hour' }),
      dashboardKeys.terminalNames(account),
      notificationKeys.feed(account),
    ]
    for (const key of [...all(A), ...all(B)]) client.setQueryData(key, { seeded: true })
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey)
    return { client, stale }
  }

  it('invalidates exactly what the event touches, for the shown account only', () => {
    const { client, stale } = seeded()
    applyEvent(client, { ...event('sale.created', 'sale_1') }, A)
    expect(stale()).toEqual([
      salesKeys.list(A, { page: 1 }),
      salesKeys.detail(A, 'sale_1'),
      dashboardKeys.summary(A, { groupBy: 'hour' }),
      notificationKeys.feed(A),
    ])
    expect(newSalesSince(A, 0)).toBe(1)
  })

  it("ignores another account's events", () => {
    const { client, stale } = seeded()
    applyEvent(client, { ...event('sale.created', 'sale_1'), submerchantId: B }, A)
    expect(stale()).toEqual([])
    expect(newSalesSince(B, 0)).toBe(0)
  })

  it('counts a sale once however often it is announced', () => {
    const { client } = seeded()
    applyEvent(client, event('sale.created', 'sale_1'), A)
    applyEvent(client, event('sale.created', 'sale_1'), A)
    applyEvent(client, event('sale.created', 'sale_2'), A)
    expect(newSalesSince(A, 0)).toBe(2)
  })

  it("invalidates all the account's live queries on a reset, and nothing of other accounts", () => {
    const { client, stale } = seeded()
    applyReset(client, A)
    expect(stale()).toEqual([
      salesKeys.list(A, { page: 1 }),
      salesKeys.detail(A, 'sale_1'),
      salesKeys.detail(A, 'sale_2'),
      intentKeys.detail(A, 'obj_1'),
      intentKeys.list(A, { page: 1 }),
      payoutKeys.list(A, { page: 1 }),
      dashboardKeys.summary(A, { groupBy: 'hour' }),
      notificationKeys.feed(A),
    ])
  })
})
