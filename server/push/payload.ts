// What a push says (docs/events.md#push): a plain-English title and body from the event's object,
// and the portal page of that object. Only amounts, references and names are read from the
// object, never card data, so a notification on a locked screen gives nothing away.
import type { EventType } from '@/api/schema/event-values'
import { EVENT_TITLES, eventObjectPage, type EventObjectPage } from '@/lib/event-titles'
import { formatMoney } from '@/lib/money'
import { taxReminderText } from '@/lib/tax-year'
import type { QueuedEvent } from './queue'

export interface PushPayload {
  id: string
  type: EventType
  submerchantId: string
  objectId: string
  title: string
  body: string
  url: string
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 80) : null

function money(minor: unknown, currency: unknown): string | null {
  if (!Number.isSafeInteger(minor) || typeof currency !== 'string') return null
  try {
    return formatMoney(minor as number, currency)
  } catch {
    // An unknown currency code: leave the amount out rather than fail the push.
    return null
  }
}

const enc = encodeURIComponent

// The portal page of the event's object (the routes under src/routes); the list when it has none.
const PAGE_PATHS: Record<EventObjectPage['page'], (id: string) => string> = {
  sale: (id) => `/transactions/sales/${enc(id)}`,
  'payment-link': (id) => `/payment-links/${enc(id)}`,
  payout: (id) => `/payouts/${enc(id)}`,
  'endpoint-notifications': (id) => `/developer/endpoints/${enc(id)}/notifications`,
  'tax-year': () => '/tax',
}

export function objectPath(type: EventType, objectId: string, data: Record<string, unknown>) {
  const target = eventObjectPage({ type, objectId, data })
  return target ? PAGE_PATHS[target.page](target.id) : '/transactions/sales'
}

function bodyOf(type: EventType, data: Record<string, unknown>): string {
  if (type === 'webhook_endpoint.failing') {
    const name = text(data.name) ?? text(data.url) ?? 'An endpoint'
    return `${name}: five deliveries in a row failed`
  }
  if (type === 'tax_year.deadline_reminder') {
    const days = data.daysLeft
    const deadline = text(data.deadline)
    if (Number.isSafeInteger(days) && deadline && /^\d{4}-\d{2}-\d{2}$/.test(deadline)) {
      return taxReminderText(days as number, deadline)
    }
    return 'A quarterly update is due soon'
  }
  // A paid link shows what was captured, which may be less than asked.
  const minor = type === 'intent.succeeded' ? (data.captureAmount ?? data.amount) : data.amount
  const reference = text(data.reference) ?? text(data.externalReference)
  const parts = [money(minor, data.currency), reference && `Ref ${reference}`]
  return parts.filter(Boolean).join(' · ') || 'Open the portal for details'
}

export function pushPayload(event: QueuedEvent): PushPayload {
  return {
    id: event.id,
    type: event.type,
    submerchantId: event.submerchantId,
    objectId: event.objectId,
    title: EVENT_TITLES[event.type],
    body: bodyOf(event.type, event.data),
    url: objectPath(event.type, event.objectId, event.data),
  }
}
