import type { EventType } from '@/api/schema/event-values'

// Each event type in plain English: a push's title and the label of its choice in the profile.
export const EVENT_TITLES: Readonly<Record<EventType, string>> = {
  'sale.created': 'New sale',
  'sale.withheld': 'Sale withheld',
  'intent.authorized': 'Payment link authorised',
  'intent.succeeded': 'Payment link paid',
  'intent.payment_declined': 'Payment link card declined',
  'intent.expired': 'Payment link expired',
  'intent.cancelled': 'Payment link cancelled',
  'refund_request.created': 'Refund requested',
  'refund_request.completed': 'Refund paid back',
  'refund_request.rejected': 'Refund rejected',
  'payout.created': 'Payout made',
  'payout.paid': 'Payout paid',
  'payout.failed': 'Payout failed',
  'webhook_endpoint.failing': 'Webhook endpoint failing',
  'tax_year.deadline_reminder': 'Quarterly update reminder',
}

// The portal page that shows an event's object: a refund request has none of its own and opens
// its sale. The bell links it and a push opens it.
export type EventObjectPage =
  | { page: 'sale'; id: string }
  | { page: 'payment-link'; id: string }
  | { page: 'payout'; id: string }
  | { page: 'endpoint-notifications'; id: string }
  | { page: 'tax-year'; id: string }

export function eventObjectPage(event: {
  type: EventType
  objectId: string
  data: Record<string, unknown>
}): EventObjectPage | null {
  const kind = event.type.slice(0, event.type.indexOf('.'))
  switch (kind) {
    case 'sale':
      return { page: 'sale', id: event.objectId }
    case 'intent':
      return { page: 'payment-link', id: event.objectId }
    case 'payout':
      return { page: 'payout', id: event.objectId }
    case 'refund_request': {
      const saleId = event.data.saleId
      return typeof saleId === 'string' && saleId !== '' ? { page: 'sale', id: saleId } : null
    }
    case 'webhook_endpoint':
      return { page: 'endpoint-notifications', id: event.objectId }
    case 'tax_year':
      return { page: 'tax-year', id: event.objectId }
    default:
      return null
  }
}
