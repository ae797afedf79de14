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
}
