import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { submerchants, users } from './core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// Every state change of an account's money objects, written in the transaction of the change
// (docs/events.md). Webhook notifications, the event stream, the bell and push all read these rows.
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    // Commit-independent order of writes; a stream resumes after an event by this number.
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    // The sandbox clock's time of the change.
    createdAt: timestamptz('created_at').notNull(),
    // The database's own time of the write: a resume re-reads a short window before its event.
    recordedAt: timestamptz('recorded_at')
      .notNull()
      .default(sql`now()`),
    // The object's id (a sale, intent, refund request, payout or webhook endpoint).
    objectId: text('object_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('events_account_idx').on(t.submerchantId, t.createdAt, t.id),
    index('events_account_seq_idx').on(t.submerchantId, t.seq),
    index('events_recorded_idx').on(t.recordedAt),
  ],
)

// What a person has read of the bell: one row per read event, plus a per-account mark that reads
// everything up to an event at once.
export const eventReads = pgTable(
  'event_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
)

export const eventReadMarks = pgTable(
  'event_read_marks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    // Every event of the account up to and including this seq is read.
    upToSeq: bigint('up_to_seq', { mode: 'number' }).notNull(),
    readAt: timestamptz('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.submerchantId] })],
)

// The server's VAPID key pair, made at first start (docs/events.md#push).
export const vapidKeys = pgTable('vapid_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamptz('created_at').notNull(),
})

// A device's Web Push subscription: which accounts and event types it wants.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    // The signed-in device (devices.id) that subscribed: a password change on another device
    // removes it (docs/events.md#push).
    deviceId: text('device_id'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    submerchantIds: text('submerchant_ids').array().notNull(),
    eventTypes: text('event_types').array().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
)

// One push of one event to one subscription, written with the event; a delivery loop on any server
// claims due rows (skip locked), so each push is sent once however many servers run.
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    attemptCount: integer('attempt_count').notNull().default(0),
    // Next try; null once sent or given up.
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastStatus: integer('last_status'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('push_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
)
