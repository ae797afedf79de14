// The live events of an account (docs/events.md) as plain values, for screens and the service worker.
export const EVENT_TYPES = [
  'sale.created',
  'sale.withheld',
  'intent.authorized',
  'intent.succeeded',
  'intent.payment_declined',
  'intent.expired',
  'intent.cancelled',
  'refund_request.created',
  'refund_request.completed',
  'refund_request.rejected',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'webhook_endpoint.failing',
  'tax_year.deadline_reminder',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value)
}

// How long a stream may be away and still resume from its last event.
export const EVENT_RESUME_WINDOW_MS = 24 * 60 * 60 * 1000
// The heartbeat comment's interval on an open stream.
export const EVENT_HEARTBEAT_MS = 25_000
// The bell's length.
export const NOTIFICATIONS_SHOWN = 50
