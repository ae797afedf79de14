// Reading events (docs/events.md#api): the list, the bell's feed with each person's read state, and
// marking read. Writing them is domain/events.ts; live delivery is server/events/.
import { getTableColumns, inArray, type SQL } from 'drizzle-orm'
import { EVENT_TYPES, NOTIFICATIONS_SHOWN, type EventType } from '@/api/schema/event-values'
import type { AccountEvent, Notification, NotificationFeed } from '@/api/schema/events'
import { queryRows, type Database } from '../db/client'
import { events } from '../db/schema/events'
import { notFound } from '../errors'
import type { AccountListResource } from '../lib/account-scope'
import { stringFilter } from '../lib/list-engine'
import { EVENT_COLUMNS, toStoredEvent, type EventRow, type StoredEvent } from '../events/hub'

export const EVENT_NOT_FOUND = 'Event not found'

// The unread count stops here; the bell shows 99+ beyond it.
export const UNREAD_COUNT_CAP = 100

type EventTableRow = typeof events.$inferSelect

export function serializeEvent(
  event: Pick<StoredEvent, 'id' | 'type' | 'submerchantId' | 'createdAt' | 'objectId' | 'data'>,
): AccountEvent {
  return {
    id: event.id,
    type: event.type,
    submerchantId: event.submerchantId,
    createdAt: event.createdAt.toISOString(),
    objectId: event.objectId,
    data: event.data,
  }
}

const { seq: _seq, recordedAt: _recordedAt, ...listColumns } = getTableColumns(events)

// GET /v1/events: the account's events on the list engine.
export const eventsList: AccountListResource<Omit<EventTableRow, 'seq' | 'recordedAt'>> = {
  table: events,
  account: events.submerchantId,
  noun: 'events',
  columns: listColumns,
  serialize: (row) => serializeEvent({ ...row, type: row.type as EventType }),
  fields: ['id', 'type', 'submerchantId', 'createdAt', 'objectId', 'data'],
  filters: {
    id: stringFilter(events.id),
    type: { column: events.type, type: 'enum', values: EVENT_TYPES },
    objectId: stringFilter(events.objectId),
    // Always the perspective account (another one is 403, docs/api.md#lists); named for symmetry
    // with every other list.
    submerchantId: stringFilter(events.submerchantId),
    createdAt: { column: events.createdAt, type: 'timestamp', eq: false, range: true },
  },
  sortable: { createdAt: events.createdAt },
  defaultSort: '-createdAt',
  tieBreaker: events.id,
}

// The permission an API key needs to see an event type: the read permission of the event's object
// (docs/entities.md#api-key-permissions); a refund request is read with its sale.
const EVENT_READ_PERMISSIONS: Record<string, string> = {
  sale: 'sales:read',
  refund_request: 'sales:read',
  intent: 'intents:read',
  payout: 'payouts:read',
  webhook_endpoint: 'webhookEndpoints:read',
  // A deadline reminder is about the tax year, which is read with the sales.
  tax_year: 'sales:read',
}

export function eventReadPermission(type: EventType): string {
  const permission = EVENT_READ_PERMISSIONS[type.slice(0, type.indexOf('.'))]
  if (!permission) throw new Error(`no read permission for event type ${type}`)
  return permission
}

// The types an API key sees: those its creator may see whose objects it may read.
export function typesForApiKey(
  types: readonly EventType[],
  permissions: readonly string[],
): EventType[] {
  return types.filter((type) => permissions.includes(eventReadPermission(type)))
}

// The list's rows narrowed to the types the caller may see.
export function eventsOfTypes(types: readonly EventType[]): SQL {
  return inArray(events.type, [...types])
}

interface FeedRow extends EventRow {
  read_at: Date | string | null
}

// A person's read state of an event: read one by one, or by the account's mark.
const READ_AT = `coalesce(r.read_at, case when e.seq <= m.up_to_seq then m.read_at end)`
const READ_JOINS = `left join event_reads r on r.user_id = $1 and r.event_id = e.id
  left join event_read_marks m on m.user_id = $1 and m.submerchant_id = e.submerchant_id`

const FEED_COLUMNS = `${EVENT_COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ')}, ${READ_AT} as read_at`

function toNotification(row: FeedRow): Notification {
  return {
    ...serializeEvent(toStoredEvent(row)),
    readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  }
}

export interface FeedScope {
  userId: string
  submerchantId: string
  // The types this person may see in the account (visibleEventTypes).
  types: readonly EventType[]
}

async function unreadCount(database: Database, scope: FeedScope): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database,
    `select count(*)::int as n from (
       select 1 from events e ${READ_JOINS}
        where e.submerchant_id = $2 and e.type = any($3::text[])
          and e.seq > coalesce(m.up_to_seq, 0) and r.read_at is null
        order by e.seq desc limit ${UNREAD_COUNT_CAP}) unread`,
    [scope.userId, scope.submerchantId, scope.types],
  )
  return row?.n ?? 0
}

// GET /v1/notifications: the latest events the person may see, newest first, and the unread count.
export async function notificationFeed(
  database: Database,
  scope: FeedScope,
): Promise<NotificationFeed> {
  const rows = await queryRows<FeedRow>(
    database,
    `select ${FEED_COLUMNS}
       from events e ${READ_JOINS}
      where e.submerchant_id = $2 and e.type = any($3::text[])
      order by e.seq desc limit ${NOTIFICATIONS_SHOWN}`,
    [scope.userId, scope.submerchantId, scope.types],
  )
  return {
    unreadCount: await unreadCount(database, scope),
    notifications: rows.map(toNotification),
  }
}

// An event of the account that the person may see, or 404 (other accounts' ids cannot be probed).
async function visibleEvent(
  database: Database,
  scope: FeedScope,
  eventId: string,
): Promise<StoredEvent> {
  const [row] = await queryRows<EventRow>(
    database,
    `select ${EVENT_COLUMNS} from events where id = $1 and submerchant_id = $2 and type = any($3::text[])`,
    [eventId, scope.submerchantId, scope.types],
  )
  if (!row) throw notFound(EVENT_NOT_FOUND, 'event_not_found')
  return toStoredEvent(row)
}

// PUT /v1/notifications/{eventId}/read: the notification as now read (reading twice keeps the first time).
export async function markRead(
  database: Database,
  scope: FeedScope,
  eventId: string,
  now: Date,
): Promise<Notification> {
  const event = await visibleEvent(database, scope, eventId)
  await queryRows(
    database,
    `insert into event_reads (user_id, event_id, read_at) values ($1, $2, $3)
       on conflict (user_id, event_id) do nothing`,
    [scope.userId, event.id, now.toISOString()],
  )
  const [row] = await queryRows<FeedRow>(
    database,
    `select ${FEED_COLUMNS} from events e ${READ_JOINS} where e.id = $2`,
    [scope.userId, event.id],
  )
  return toNotification(row!)
}

// PUT /v1/notifications/read: every event of the account up to this one is read (a mark only moves forward).
export async function markAllRead(
  database: Database,
  scope: FeedScope,
  upTo: string,
  now: Date,
): Promise<{ unreadCount: number }> {
  const event = await visibleEvent(database, scope, upTo)
  await queryRows(
    database,
    `insert into event_read_marks (user_id, submerchant_id, up_to_seq, read_at)
       values ($1, $2, $3, $4)
       on conflict (user_id, submerchant_id) do update
         set up_to_seq = excluded.up_to_seq, read_at = excluded.read_at
         where event_read_marks.up_to_seq < excluded.up_to_seq`,
    [scope.userId, scope.submerchantId, event.seq, now.toISOString()],
  )
  return { unreadCount: await unreadCount(database, scope) }
}
