import { EVENT_TYPES, type EventType } from './event-values'

// Developer-tools enums as plain values (no arktype), for screens that only need the names.

// API key resources and their operations (docs/entities.md#api-key-permissions).
export const API_KEY_RESOURCES = {
  balances: ['read'],
  balanceTransactions: ['read'],
  bankAccounts: ['read'],
  intents: ['create', 'read', 'update', 'delete'],
  payouts: ['read'],
  sales: ['read', 'update'],
  softposInstallations: ['create', 'read', 'update'],
  softposTransactions: ['create', 'read', 'update'],
  submerchants: ['read', 'update'],
  terminals: ['read', 'update'],
  users: ['read', 'update'],
  webhookEndpoints: ['create', 'read', 'update', 'delete'],
  webhookNotifications: ['read'],
} as const

// Events for people only (docs/events.md#event-types): a reminder to the account's members, not a
// change of its money objects, so no webhook endpoint is offered it.
export const PEOPLE_ONLY_EVENTS = ['tax_year.deadline_reminder'] as const
type PeopleOnlyEvent = (typeof PEOPLE_ONLY_EVENTS)[number]

export function isWebhookEvent(type: EventType): type is Exclude<EventType, PeopleOnlyEvent> {
  return !(PEOPLE_ONLY_EVENTS as readonly string[]).includes(type)
}

// Webhook event keys (docs/entities.md#webhook-events): every live event type (docs/events.md)
// but those for people only.
export const WEBHOOK_EVENTS = EVENT_TYPES.filter(isWebhookEvent)
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]
