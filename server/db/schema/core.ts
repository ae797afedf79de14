import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

// Enumerations come from the arktype contract (relative imports: drizzle-kit and tsx load this file).
import { ROLES } from '../../../src/api/schema/common'
import { ENROLLMENT_STATUSES } from '../../../src/api/schema/enrollments'
import { CAPTURE_MODES } from '../../../src/api/schema/intents'
import { PAYOUT_DESTINATION_TYPES } from '../../../src/api/schema/payouts'
import { CARD_SCHEMES, CARD_TYPES, SALE_METHODS } from '../../../src/api/schema/sale-values'
import { BALANCE_TRANSACTION_TYPES } from '../../../src/api/schema/sales'
import { TERMINAL_MODELS } from '../../../src/api/schema/terminals'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => timestamptz('created_at').notNull()

// Brand owner of a fleet of submerchants: decides portal branding and the receipt site.
export const operators = pgTable('operators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  brandName: text('brand_name').notNull(),
  // Receipt advice "brand" value (docs/api.md#sales-refunds-and-receipts).
  brandIdentifier: text('brand_identifier').notNull(),
  logoPath: text('logo_path').notNull(),
  themeColour: text('theme_colour').notNull(),
  receiptHost: text('receipt_host').notNull(),
  createdAt: createdAt(),
})

export const paymentFacilitators = pgTable('payment_facilitators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  receiptHost: text('receipt_host').notNull(),
  createdAt: createdAt(),
})

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  payoutScheduleNaturalLanguage: text('payout_schedule_natural_language').notNull(),
  payoutMinBalance: integer('payout_min_balance').notNull(),
  currency: text('currency').notNull(),
  createdAt: createdAt(),
})

export const submerchants = pgTable(
  'submerchants',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => operators.id),
    paymentFacilitatorId: text('payment_facilitator_id')
      .notNull()
      .references(() => paymentFacilitators.id),
    // Set once enrolled with the acquirer; payment links need it.
    finaroId: text('finaro_id'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('submerchants_name_idx').on(t.name),
    index('submerchants_operator_idx').on(t.operatorId),
  ],
)

export const planAttachments = pgTable(
  'plan_attachments',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_attachments_submerchant_idx').on(t.submerchantId)],
)

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    displayName: text('display_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    // Always stored lower-cased.
    emailAddress: text('email_address').notNull(),
    avatarUrl: text('avatar_url'),
    passwordHash: text('password_hash').notNull(),
    // The TOTP secret itself lives in mfa_secrets (server/db/schema/auth.ts).
    mfaIsEnabled: boolean('mfa_is_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull(),
    credentialsChangedAt: timestamptz('credentials_changed_at'),
  },
  (t) => [uniqueIndex('users_email_address_idx').on(t.emailAddress)],
)

export const submerchantUsers = pgTable(
  'submerchant_users',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id, { onDelete: 'cascade' }),
    submerchantRole: text('submerchant_role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    // The member's last call in this account, written at most once a minute (docs/screens.md#team).
    lastActiveAt: timestamptz('last_active_at'),
  },
  (t) => [
    uniqueIndex('submerchant_users_user_submerchant_idx').on(t.userId, t.submerchantId),
    index('submerchant_users_submerchant_idx').on(t.submerchantId),
  ],
)

export const terminals = pgTable(
  'terminals',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    serialNumber: text('serial_number').notNull(),
    customReference: text('custom_reference'),
    reference: text('reference'),
    model: text('model', { enum: TERMINAL_MODELS }).notNull(),
    // Denormalised current allocation (history in terminal_allocations) so lists filter on one table.
    currentSubmerchantId: text('current_submerchant_id').references(() => submerchants.id),
    currentAllocationCreatedAt: timestamptz('current_allocation_created_at'),
    isUpToDate: boolean('is_up_to_date').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('terminals_serial_number_idx').on(t.serialNumber),
    index('terminals_current_submerchant_idx').on(t.currentSubmerchantId, t.serialNumber),
  ],
)

export const terminalAllocations = pgTable(
  'terminal_allocations',
  {
    id: text('id').primaryKey(),
    terminalId: text('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    createdAt: createdAt(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [index('terminal_allocations_terminal_idx').on(t.terminalId, t.createdAt)],
)

// Sale rows are bulk-seeded (1M+); the seed drops and rebuilds these indexes around the load.
// Index columns stay ascending: a backward scan then serves `ORDER BY x DESC` (NULLS FIRST) too.
export const sales = pgTable(
  'sales',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id').notNull(),
    amount: integer('amount').notNull(),
    saleAmount: integer('sale_amount').notNull(),
    gratuityAmount: integer('gratuity_amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: SALE_METHODS }).notNull(),
    panLastFour: text('pan_last_four').notNull(),
    authCode: text('auth_code').notNull(),
    cardScheme: text('card_scheme', { enum: CARD_SCHEMES }).notNull(),
    cardIsCommercial: boolean('card_is_commercial').notNull(),
    cardType: text('card_type', { enum: CARD_TYPES }).notNull(),
    cardIsPrepaid: boolean('card_is_prepaid').notNull(),
    cardCountryCode: text('card_country_code').notNull(),
    cardCountryIsInEEA: boolean('card_country_is_in_eea').notNull(),
    capturedAt: timestamptz('captured_at').notNull(),
    retrievalReferenceNumber: text('retrieval_reference_number').notNull(),
    settlementTransactionId: text('settlement_transaction_id'),
    balanceTransactionId: text('balance_transaction_id'),
    disbursementWithheld: boolean('disbursement_withheld').notNull().default(false),
    disbursementWithheldReason: text('disbursement_withheld_reason'),
    disbursementWithheldMessage: text('disbursement_withheld_message'),
    disbursementWithheldUrl: text('disbursement_withheld_url'),
    terminalId: text('terminal_id'),
    terminalSerialNumber: text('terminal_serial_number'),
    receiptId: text('receipt_id'),
    intentId: text('intent_id'),
    externalReference: text('external_reference'),
    // The payout that paid this sale out, null until paid or when withheld.
    payoutId: text('payout_id'),
    // Its balance transaction's fee, copied when the sale is made (both are written once, together),
    // so that a summary reads one index instead of joining a million balance transactions.
    feeAmount: integer('fee_amount'),
  },
  (t) => [
    // Newest first for the lists. The columns after the unique id change no order: they let
    // GET /v1/sales/summary read a range from the index alone, the payout forecast's withheld
    // filter included (drizzle has no INCLUDE).
    index('sales_submerchant_captured_idx').on(
      t.submerchantId,
      t.capturedAt,
      t.id,
      t.amount,
      t.saleAmount,
      t.gratuityAmount,
      t.feeAmount,
      t.terminalId,
      t.cardScheme,
      t.method,
      t.cardType,
      t.disbursementWithheld,
    ),
    // A terminal's sales (always scoped to the account too), newest first: the account is in the
    // index so offset pages are index-only. Only card-present sales have a terminal (partial index).
    index('sales_submerchant_terminal_captured_idx')
      .on(t.submerchantId, t.terminalId, t.capturedAt, t.id)
      .where(sql`${t.terminalId} is not null`),
    // A last four or an amount (exact or a whole pound's range), newest first: page 1 and its count
    // are read from the index alone, not from hundreds of scattered rows (one-box search).
    index('sales_submerchant_pan_captured_idx').on(
      t.submerchantId,
      t.panLastFour,
      t.capturedAt,
      t.id,
    ),
    // `sort=amount` too: sales of one amount come in capture-time order, then by id (the list's
    // tie order), exactly this index's order.
    index('sales_submerchant_amount_captured_idx').on(
      t.submerchantId,
      t.amount,
      t.capturedAt,
      t.id,
    ),
    // One-box search (docs/screens.md#search): a sale by its auth code, RRN or external reference.
    // The auth code comes first: nearly unique, it settles the build's comparisons in its first
    // bytes, where a leading account id (a few values sharing 'sub_demo') ties a million times. The
    // RRN keeps the account first, as it also serves `sort=retrievalReferenceNumber` in an account.
    index('sales_auth_code_submerchant_idx').on(t.authCode, t.submerchantId),
    index('sales_submerchant_rrn_idx').on(t.submerchantId, t.retrievalReferenceNumber),
    index('sales_submerchant_external_reference_idx')
      .on(t.submerchantId, t.externalReference)
      .where(sql`${t.externalReference} is not null`),
    // The sales table's enum filters, newest first: a rare or empty combination (American Express
    // is never debit) is answered from these (alone or ANDed) instead of a scan of the whole account.
    index('sales_submerchant_scheme_captured_idx').on(
      t.submerchantId,
      t.cardScheme,
      t.capturedAt,
      t.id,
    ),
    index('sales_submerchant_method_captured_idx').on(
      t.submerchantId,
      t.method,
      t.capturedAt,
      t.id,
    ),
    index('sales_submerchant_type_captured_idx').on(
      t.submerchantId,
      t.cardType,
      t.capturedAt,
      t.id,
    ),
    // The three enum filters together, then the time: a combination of them (rare or empty, say
    // Mastercard SoftPOS credit, or American Express ecommerce debit over a year) is one range of
    // this index, for its page and its count, where the indexes above would walk every sale of the
    // account that has one of the values. With PostgreSQL 18's skip scan (PGlite's engine) a filter
    // that leaves out a leading column still reads only the matching ranges.
    // The table's sorts that no index above keeps in order: without these a page sorted by them
    // sorts every sale of the account (2 s at 10,000,000 sales on PostgreSQL) to show ten. Equal
    // values come in capture-time order (the list's tie order), so the time follows the value here.
    index('sales_submerchant_serial_captured_idx').on(
      t.submerchantId,
      t.terminalSerialNumber,
      t.capturedAt,
      t.id,
    ),
    index('sales_submerchant_sale_amount_captured_idx').on(
      t.submerchantId,
      t.saleAmount,
      t.capturedAt,
      t.id,
    ),
    index('sales_submerchant_gratuity_captured_idx').on(
      t.submerchantId,
      t.gratuityAmount,
      t.capturedAt,
      t.id,
    ),
    index('sales_submerchant_filters_idx').on(
      t.submerchantId,
      t.cardScheme,
      t.method,
      t.cardType,
      t.capturedAt,
      t.id,
    ),
  ],
)

export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id').notNull(),
    // The sale, refund request or payout that caused the movement.
    sourceId: text('source_id').notNull(),
    type: text('type', { enum: BALANCE_TRANSACTION_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    feeAmount: integer('fee_amount').notNull(),
    netAmount: integer('net_amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    payoutId: text('payout_id'),
  },
  (t) => [
    index('balance_transactions_submerchant_created_idx').on(t.submerchantId, t.createdAt, t.id),
    // A summary's refunds in a range: a few among the account's sale transactions.
    // The amount makes the sum an index-only scan (a year's refunds were 4,000 heap fetches).
    index('balance_transactions_refund_created_idx')
      .on(t.submerchantId, t.createdAt, t.amount)
      .where(sql`${t.type} = 'refund'`),
  ],
)

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: text('id').primaryKey(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    submerchantId: text('submerchant_id').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    refundReason: text('refund_reason').notNull(),
    customerEmailAddress: text('customer_email_address'),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('refund_requests_sale_idx').on(t.saleId, t.createdAt),
    index('refund_requests_submerchant_idx').on(t.submerchantId, t.createdAt),
    // Refunds still waiting: the sandbox world settles them by age (server/sandbox/world.ts).
    index('refund_requests_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'approved')`),
  ],
)

export const receipts = pgTable('receipts', {
  id: text('id').primaryKey(),
  saleId: text('sale_id').notNull(),
  submerchantId: text('submerchant_id').notNull(),
  createdAt: createdAt(),
})

// The text GET /v1/intents?q= searches: the searched fields joined by a newline, so that a match
// lies within one field. The same expression defines the trigram index and the query's ILIKE.
export function intentSearchText(t: {
  reference: AnyPgColumn
  customerName: AnyPgColumn
  description: AnyPgColumn
  customerEmailAddress: AnyPgColumn
  customerPhoneNumber: AnyPgColumn
  id: AnyPgColumn
}): SQL {
  const fields = [
    t.reference,
    t.customerName,
    t.description,
    t.customerEmailAddress,
    t.customerPhoneNumber,
    t.id,
  ].map((column) => sql`coalesce(${column}, '')`)
  return sql`(${sql.join(fields, sql.raw(` || E'\\n' || `))})`
}

export const intents = pgTable(
  'intents',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    statusIsFinal: boolean('status_is_final').notNull(),
    captureMode: text('capture_mode', { enum: CAPTURE_MODES }).notNull(),
    captureAmount: integer('capture_amount'),
    reference: text('reference'),
    description: text('description'),
    customerName: text('customer_name'),
    customerPhoneNumber: text('customer_phone_number'),
    customerEmailAddress: text('customer_email_address'),
    customerSmsSent: boolean('customer_sms_sent').notNull().default(false),
    customerEmailSent: boolean('customer_email_sent').notNull().default(false),
    customerIpAddress: text('customer_ip_address'),
    customerDeviceInfo: text('customer_device_info'),
    customerCountryCode: text('customer_country_code'),
    customerPostcode: text('customer_postcode'),
    brandIdentifier: text('brand_identifier'),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    succeededAt: timestamptz('succeeded_at'),
    authorizedAt: timestamptz('authorized_at'),
    expiresAt: timestamptz('expires_at'),
    // Path of the sandbox pay page (/pay/{id}); routes make it absolute with the request origin.
    clientAccessPath: text('client_access_path').notNull(),
    saleId: text('sale_id'),
    logs: jsonb('logs').$type<string[]>().notNull().default([]),
    // The card of the payment under way (3-D Secure): last four and scheme only, never the number.
    cardLastFour: text('card_last_four'),
    cardScheme: text('card_scheme', { enum: CARD_SCHEMES }),
  },
  (t) => [
    index('intents_submerchant_created_idx').on(t.submerchantId, t.createdAt, t.id),
    // Links still able to expire, by expiry: the sandbox clock's expiry sweep reads only these.
    index('intents_open_expiry_idx')
      .on(t.submerchantId, t.expiresAt)
      .where(sql`not ${t.statusIsFinal} and ${t.status} <> 'authorized_pending_capture'`),
    index('intents_submerchant_amount_idx').on(t.submerchantId, t.amount, t.id),
    // An amount, newest first: page 1 from the index alone (one-box search).
    index('intents_submerchant_amount_created_idx').on(
      t.submerchantId,
      t.amount,
      t.createdAt,
      t.id,
    ),
    index('intents_submerchant_status_idx').on(t.submerchantId, t.status, t.createdAt, t.id),
    index('intents_submerchant_reference_idx').on(t.submerchantId, t.reference),
    index('intents_submerchant_succeeded_idx').on(t.submerchantId, t.succeededAt),
    index('intents_sale_idx').on(t.saleId),
    // GET /v1/intents?q=: a trigram index over the searched fields (pg_trgm, migration 0005).
    index('intents_search_trgm_idx').using('gin', sql`${intentSearchText(t)} gin_trgm_ops`),
  ],
)

export const enrollments = pgTable(
  'enrollments',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    acquirer: text('acquirer').notNull(),
    type: text('type').notNull(),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull(),
    processingExpectedBy: timestamptz('processing_expected_by'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('enrollments_submerchant_acquirer_idx').on(t.submerchantId, t.acquirer)],
)

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    nickname: text('nickname'),
    accountName: text('account_name').notNull(),
    sortCode: text('sort_code').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bank_accounts_submerchant_idx').on(t.submerchantId)],
)

export const payoutCards = pgTable(
  'payout_cards',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    nickname: text('nickname'),
    cardScheme: text('card_scheme', { enum: CARD_SCHEMES }).notNull(),
    panLastFour: text('pan_last_four').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payout_cards_submerchant_idx').on(t.submerchantId)],
)

export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    paymentReference: text('payment_reference').notNull(),
    // Sum of the net amounts of the balance transactions carrying this payout id.
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    scheduled: boolean('scheduled').notNull(),
    destinationType: text('destination_type', { enum: PAYOUT_DESTINATION_TYPES }).notNull(),
    destinationId: text('destination_id').notNull(),
    status: text('status').notNull(),
  },
  (t) => [
    index('payouts_submerchant_created_idx').on(t.submerchantId, t.createdAt, t.id),
    index('payouts_submerchant_status_idx').on(t.submerchantId, t.status),
    index('payouts_submerchant_reference_idx').on(t.submerchantId, t.paymentReference),
  ],
)

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    name: text('name'),
    // Public part shown in the portal (e.g. pk_…); the token itself is stored as SHA-256 hex.
    identifier: text('identifier').notNull(),
    tokenHash: text('token_hash').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    lastSeenAt: timestamptz('last_seen_at'),
    permissions: text('permissions').array().notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_idx').on(t.tokenHash),
    uniqueIndex('api_keys_identifier_idx').on(t.identifier),
    index('api_keys_submerchant_idx').on(t.submerchantId, t.createdAt),
  ],
)

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    submerchantId: text('submerchant_id')
      .notNull()
      .references(() => submerchants.id),
    name: text('name'),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    signingSecret: text('signing_secret').notNull(),
    // Who made it (for a key, the key's creator): the endpoint receives only the events this person
    // may still see in the account, and nothing once they have left it (docs/events.md#who-sees-what).
    createdByUserId: text('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    // After a rotation the old secret keeps signing (a second v1=) until it expires.
    previousSigningSecret: text('previous_signing_secret'),
    previousSigningSecretExpiresAt: timestamptz('previous_signing_secret_expires_at'),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('webhook_endpoints_submerchant_idx').on(t.submerchantId, t.createdAt)],
)

export const webhookNotifications = pgTable(
  'webhook_notifications',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    submerchantId: text('submerchant_id').notNull(),
    event: text('event').notNull(),
    // The event this delivers (events.id); null for a test notification.
    eventId: text('event_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    hasSucceeded: boolean('has_succeeded').notNull().default(false),
    attemptCount: integer('attempt_count').notNull().default(0),
    // Next delivery time; null once succeeded or given up.
    nextAttemptAt: timestamptz('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_notifications_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
)

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    notificationId: text('notification_id')
      .notNull()
      .references(() => webhookNotifications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    requestUrl: text('request_url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatusCode: integer('response_status_code'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
  },
  (t) => [index('webhook_attempts_notification_created_idx').on(t.notificationId, t.createdAt)],
)
