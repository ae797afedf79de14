import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// Idempotency-Key records; the unique (scope, key) row claims the key before the work runs.
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: text('id').primaryKey(),
    // user id + perspective (or API key id): the key's namespace.
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['processing', 'complete'] }).notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    // Base64 of the exact response bytes.
    responseBody: text('response_body'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_records_scope_key_idx').on(t.scope, t.key),
    index('idempotency_records_expires_idx').on(t.expiresAt),
  ],
)

// Messages the sandbox would have sent (emails, SMS); listed at GET /sandbox/outbox.
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    // receipt_advice, customer_notification, password_reset, …
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
)

// Sentry envelopes received at /sandbox/errors, one row per item.
export const errorReports = pgTable(
  'error_reports',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id'),
    eventId: text('event_id'),
    itemType: text('item_type').notNull(),
    envelopeHeader: jsonb('envelope_header').$type<Record<string, unknown>>().notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [index('error_reports_received_idx').on(t.receivedAt)],
)

// Small sandbox-wide settings such as the status page indicator.
export const sandboxSettings = pgTable('sandbox_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
})
