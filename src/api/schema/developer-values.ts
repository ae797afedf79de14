import { EVENT_TYPES } from './event-values'

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

// Webhook event keys (docs/entities.md#webhook-events): every live event type (docs/events.md).
export const WEBHOOK_EVENTS = EVENT_TYPES
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]
