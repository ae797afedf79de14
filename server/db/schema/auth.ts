import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { submerchants, users } from './core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

// A browser or app that signed in; refresh-token chains are bound to it.
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    deviceIdentifier: text('device_identifier').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [uniqueIndex('devices_user_identifier_idx').on(t.userId, t.deviceIdentifier)],
)

// Opaque refresh tokens, stored as SHA-256; a chain shares expiresAt (set at sign-in) and device.
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: userId(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    // Set when rotated; a later reuse beyond the grace window revokes the device's chain.
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_device_idx').on(t.deviceId),
  ],
)

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: userId(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    // The submerchant attached at grant time (attachments, docs/api.md#accounts), or null before one is chosen.
    submerchantId: text('submerchant_id').references(() => submerchants.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
    index('access_tokens_device_idx').on(t.deviceId),
  ],
)

// TOTP secret per user; confirmedAt null while an enrolment awaits its first code.
export const mfaSecrets = pgTable('mfa_secrets', {
  userId: userId().primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  // The last accepted 30 s step, so a code cannot be used twice.
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
})

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('mfa_recovery_codes_user_idx').on(t.userId),
    uniqueIndex('mfa_recovery_codes_hash_idx').on(t.codeHash),
  ],
)

// Failed password or code attempts, keyed by the lower-cased email so unknown emails behave alike.
export const authFailures = pgTable(
  'auth_failures',
  {
    id: text('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    kind: text('kind', { enum: ['password', 'mfa'] }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('auth_failures_account_idx').on(t.accountKey, t.createdAt)],
)

export const authLockouts = pgTable('auth_lockouts', {
  accountKey: text('account_key').primaryKey(),
  lockedUntil: timestamptz('locked_until').notNull(),
})

// Fixed-window counters of the abuse limits (middleware/abuse-limits.ts), shared by every server
// on the database so N servers allow what one would.
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    startedAt: timestamptz('started_at').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_windows_started_idx').on(t.startedAt)],
)

// Forgot-password tickets: random, single use, 1 h (docs/auth.md#passwords-and-mfa).
export const passwordResetTickets = pgTable(
  'password_reset_tickets',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('password_reset_tickets_user_idx').on(t.userId),
    index('password_reset_tickets_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.usedAt} is null`),
  ],
)
