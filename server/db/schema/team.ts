import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ROLES } from '../../../src/api/schema/common'
import type { ActivityChange } from '../../../src/api/schema/team'
import { submerchants, users } from './core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// Invitations to join an account (docs/states.md#invitations); only the current link's hash is kept,
// so a resend kills the old link.
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    // Always stored lower-cased.
    emailAddress: text('email_address').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    index('invitations_submerchant_idx').on(t.submerchantId, t.createdAt),
    index('invitations_open_email_idx')
      .on(t.submerchantId, t.emailAddress)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
)

// The activity log (docs/entities.md#team-and-activity): written in the transaction of the change
// it records, never edited or deleted through the API. Actors are kept by id and name, not by
// foreign key, so the log outlives a removed member or a deleted key.
export const activityEvents = pgTable(
  'activity_events',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    occurredAt: timestamptz('occurred_at').notNull(),
    actorType: text('actor_type', { enum: ['user', 'api_key'] }).notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['done', 'refused'] }).notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    ipAddress: text('ip_address'),
    device: text('device'),
    changes: jsonb('changes').$type<ActivityChange[]>().notNull().default([]),
  },
  (t) => [
    index('activity_events_account_time_idx').on(t.submerchantId, t.occurredAt, t.id),
    index('activity_events_account_actor_idx').on(t.submerchantId, t.actorId, t.occurredAt, t.id),
    index('activity_events_account_action_idx').on(t.submerchantId, t.action, t.occurredAt, t.id),
    // Sorted by person; occurred_at trails so a date range is checked in the index alone.
    index('activity_events_account_actor_name_idx').on(
      t.submerchantId,
      t.actorName,
      t.id,
      t.occurredAt,
    ),
    // Refused rows are few: newest first and counted without reading the rest (action and actor trail).
    index('activity_events_account_refused_idx')
      .on(t.submerchantId, t.occurredAt, t.id, t.action, t.actorId)
      .where(sql`${t.outcome} = 'refused'`),
  ],
)
