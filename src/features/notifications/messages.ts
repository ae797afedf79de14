import type { AccountEvent } from '@/api/schema/events'
import { EVENT_TITLES, eventObjectPage } from '@/lib/event-titles'
import { formatMoney } from '@/lib/money'
import { formatTaxDate } from '@/lib/tax-year'

type EventShape = Pick<AccountEvent, 'type' | 'objectId' | 'data'>

function text(data: Record<string, unknown>, key: string): string | null {
  const value = data[key]
  return typeof value === 'string' && value !== '' ? value : null
}

function amount(data: Record<string, unknown>, key: string): number | null {
  const value = data[key]
  return typeof value === 'number' && Number.isInteger(value) ? value : null
}

// The detail after the headline: the amount (what was captured, for a paid link), or the endpoint's URL.
function detail(event: EventShape): string | null {
  const { data } = event
  if (event.type === 'webhook_endpoint.failing') return text(data, 'url')
  if (event.type === 'tax_year.deadline_reminder') {
    const deadline = text(data, 'deadline')
    return deadline && /^\d{4}-\d{2}-\d{2}$/.test(deadline)
      ? `due ${formatTaxDate(deadline)}`
      : null
  }
  const minor =
    (event.type === 'intent.succeeded' ? amount(data, 'captureAmount') : null) ??
    amount(data, 'amount')
  if (minor === null) return null
  return formatMoney(minor, text(data, 'currency') ?? undefined)
}

// 'Payment link paid · £12.50': the title a push has too, and the amount.
export function eventSentence(event: EventShape): string {
  const more = detail(event)
  return more ? `${EVENT_TITLES[event.type]} · ${more}` : EVENT_TITLES[event.type]
}

// The page of the event's object; a refund request opens its sale.
export type EventTarget =
  | { to: '/transactions/sales/$saleId'; params: { saleId: string } }
  | { to: '/payment-links/$intentId'; params: { intentId: string } }
  | { to: '/payouts/$payoutId'; params: { payoutId: string } }
  | { to: '/developer/endpoints/$endpointId/notifications'; params: { endpointId: string } }
  | { to: '/tax' }

export function eventTarget(event: EventShape): EventTarget | null {
  const target = eventObjectPage(event)
  switch (target?.page) {
    case 'sale':
      return { to: '/transactions/sales/$saleId', params: { saleId: target.id } }
    case 'payment-link':
      return { to: '/payment-links/$intentId', params: { intentId: target.id } }
    case 'payout':
      return { to: '/payouts/$payoutId', params: { payoutId: target.id } }
    case 'endpoint-notifications':
      return {
        to: '/developer/endpoints/$endpointId/notifications',
        params: { endpointId: target.id },
      }
    case 'tax-year':
      return { to: '/tax' }
    default:
      return null
  }
}

// The icon's count: at most 99 is shown (docs/events.md#api).
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count)
}

// The bell's accessible name: 'Notifications, 2 unread', or just 'Notifications'.
export function bellLabel(unreadCount: number): string {
  return unreadCount > 0 ? `Notifications, ${unreadBadge(unreadCount)} unread` : 'Notifications'
}
