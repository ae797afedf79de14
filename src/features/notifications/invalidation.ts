import type { QueryClient, QueryKey } from '@tanstack/react-query'
import {
  dashboardKeys,
  developerKeys,
  intentKeys,
  notificationKeys,
  payoutKeys,
  refundKeys,
  salesKeys,
} from '@/api/query-keys'
import type { AccountEvent } from '@/api/schema/events'
import { announceSale } from '@/lib/live-status'

/**
 * One query an event makes stale. 'active' refetches it at once where it is shown; 'none' only
 * marks it stale, for what a new row would move under the person's thumb (the sales lists and
 * the dashboard's figures): those show a 'N new sales' pill and refetch when it is tapped, or the
 * next time they are opened.
 */
export interface Touch {
  queryKey: QueryKey
  refetch: 'active' | 'none'
}

type LiveEvent = Pick<AccountEvent, 'type' | 'submerchantId' | 'objectId' | 'data'>

const now = (queryKey: QueryKey): Touch => ({ queryKey, refetch: 'active' })
const later = (queryKey: QueryKey): Touch => ({ queryKey, refetch: 'none' })

// The queries an event touches, by key prefix (docs/events.md#in-the-portal); the bell always.
export function queriesTouchedBy(event: LiveEvent): Touch[] {
  const account = event.submerchantId
  const id = event.objectId
  const bell = now(notificationKeys.feed(account))
  switch (event.type) {
    case 'intent.authorized':
    case 'intent.succeeded':
    case 'intent.payment_declined':
    case 'intent.expired':
    case 'intent.cancelled':
      return [now(intentKeys.detail(account, id)), now(intentKeys.lists(account)), bell]
    case 'sale.created':
      return [
        now(salesKeys.detail(account, id)),
        later(salesKeys.lists(account)),
        later(dashboardKeys.summaries(account)),
        bell,
      ]
    case 'sale.withheld':
      // The row is already there: it changes in place, nothing moves.
      return [
        now(salesKeys.detail(account, id)),
        now(salesKeys.lists(account)),
        now(dashboardKeys.summaries(account)),
        bell,
      ]
    case 'refund_request.created':
    case 'refund_request.completed':
    case 'refund_request.rejected': {
      const saleId = typeof event.data.saleId === 'string' ? event.data.saleId : null
      if (!saleId) return [bell]
      return [now(refundKeys.list(account, saleId)), now(salesKeys.detail(account, saleId)), bell]
    }
    case 'payout.created':
    case 'payout.paid':
    case 'payout.failed':
      // The recent payouts are what the dashboard's next-payout forecast is worked out from.
      return [
        now(payoutKeys.lists(account)),
        now(payoutKeys.detail(account, id)),
        now(dashboardKeys.recentPayouts(account)),
        bell,
      ]
    case 'webhook_endpoint.failing':
      return [now(developerKeys.endpoints(account)), bell]
    case 'tax_year.deadline_reminder':
      return [bell]
  }
}

// Applies one event of the shown account to this tab's cache; another account's is ignored.
export function applyEvent(queryClient: QueryClient, event: LiveEvent, perspective: string): void {
  if (event.submerchantId !== perspective) return
  if (event.type === 'sale.created') announceSale(event.submerchantId, event.objectId)
  for (const touch of queriesTouchedBy(event)) {
    void queryClient.invalidateQueries({ queryKey: touch.queryKey, refetchType: touch.refetch })
  }
}

// After a reset (the stream could not resume): everything the live layer keeps fresh, for the
// account, refetched where shown; nothing can be counted into a pill.
export function queriesOfReset(account: string): Touch[] {
  return [
    intentKeys.all(account),
    salesKeys.all(account),
    dashboardKeys.summaries(account),
    dashboardKeys.recentPayouts(account),
    refundKeys.all(account),
    payoutKeys.all(account),
    developerKeys.endpoints(account),
    notificationKeys.all(account),
  ].map(now)
}

export function applyReset(queryClient: QueryClient, perspective: string): void {
  for (const touch of queriesOfReset(perspective)) {
    void queryClient.invalidateQueries({ queryKey: touch.queryKey, refetchType: touch.refetch })
  }
}
