import { randomBytes } from 'node:crypto'
import { eq, getTableColumns, sql } from 'drizzle-orm'
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_OUTCOMES,
  type ActivityAction,
  type ActivityChange,
  type ActivityEntry,
  type ActivityObjectType,
} from '@/api/schema/team'
import type { Db } from '../db/client'
import { apiKeys, submerchantUsers, users } from '../db/schema/core'
import { activityEvents } from '../db/schema/team'
import type { AccountListResource } from '../lib/account-scope'
import { stringFilter } from '../lib/list-engine'

// Who acted: a person (session) or an API key, by id; the name is read when the row is written.
export interface ActivityActor {
  type: 'user' | 'api_key'
  id: string
}

// Where the change came from and when (the sandbox clock).
export interface ActivityOrigin {
  ipAddress: string | null
  device: string | null
  now: Date
}

// What happened: the action, its object and the fields it changed (before → after).
export interface ActivityFacts {
  action: ActivityAction
  outcome?: 'done' | 'refused'
  object?: { type: ActivityObjectType; id: string; label?: string | null } | null
  changes?: ActivityChange[]
}

// The account the row belongs to, or every account of a person (their own MFA and password).
export type ActivityTarget = { submerchantId: string } | { accountsOfUser: string }

let sequence = 0

// Ids sort by time, then by the order of writes in this process, so same-millisecond rows keep their order.
function activityId(now: Date): string {
  sequence = (sequence + 1) % 0x10000
  const time = now.getTime().toString(16).padStart(12, '0')
  return `act_${time}${sequence.toString(16).padStart(4, '0')}${randomBytes(4).toString('hex')}`
}

function actorName(actor: ActivityActor) {
  return actor.type === 'user'
    ? sql<string>`coalesce((select ${users.displayName} from ${users} where ${users.id} = ${actor.id}), ${actor.id})`
    : sql<string>`coalesce((select coalesce(${apiKeys.name}, ${apiKeys.identifier}) from ${apiKeys} where ${apiKeys.id} = ${actor.id}), ${actor.id})`
}

/**
 * Writes the activity row(s) of one change with the db handle of that change's transaction, so
 * both commit or neither does (docs/entities.md#team-and-activity). One row, or one per account of
 * the person for their own security changes.
 */
export async function recordActivity(
  db: Db,
  target: ActivityTarget,
  actor: ActivityActor,
  origin: ActivityOrigin,
  facts: ActivityFacts,
): Promise<void> {
  const accounts =
    'submerchantId' in target
      ? [target.submerchantId]
      : (
          await db
            .select({ id: submerchantUsers.submerchantId })
            .from(submerchantUsers)
            .where(eq(submerchantUsers.userId, target.accountsOfUser))
        ).map((row) => row.id)
  if (accounts.length === 0) return
  const name = actorName(actor)
  await db.insert(activityEvents).values(
    accounts.map((submerchantId) => ({
      id: activityId(origin.now),
      submerchantId,
      occurredAt: origin.now,
      actorType: actor.type,
      actorId: actor.id,
      actorName: name,
      action: facts.action,
      outcome: facts.outcome ?? 'done',
      objectType: facts.object?.type ?? null,
      objectId: facts.object?.id ?? null,
      objectLabel: facts.object?.label ?? null,
      ipAddress: origin.ipAddress,
      device: origin.device,
      changes: facts.changes ?? [],
    })),
  )
}

// A field that changed, or nothing when it did not (so an edit lists only what moved).
export function changed(
  field: string,
  before: ActivityChange['before'],
  after: ActivityChange['after'],
): ActivityChange[] {
  return before === after ? [] : [{ field, before, after }]
}

const { submerchantId: _account, ...columns } = getTableColumns(activityEvents)
type ActivityRow = Omit<typeof activityEvents.$inferSelect, 'submerchantId'>

export function serializeActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action as ActivityAction,
    outcome: row.outcome,
    objectType: row.objectType as ActivityObjectType | null,
    objectId: row.objectId,
    objectLabel: row.objectLabel,
    ipAddress: row.ipAddress,
    device: row.device,
    changes: row.changes,
  }
}

// GET /v1/activity: the perspective account's log, newest first (indexes per account: time, actor, action).
export const activityList: AccountListResource<ActivityRow> = {
  table: activityEvents,
  account: activityEvents.submerchantId,
  noun: 'activity',
  columns,
  serialize: serializeActivity,
  fields: Object.keys(columns),
  filters: {
    submerchantId: stringFilter(activityEvents.submerchantId),
    actorId: stringFilter(activityEvents.actorId),
    action: { column: activityEvents.action, type: 'enum', values: ACTIVITY_ACTIONS },
    outcome: { column: activityEvents.outcome, type: 'enum', values: ACTIVITY_OUTCOMES },
    objectId: stringFilter(activityEvents.objectId),
    occurredAt: { column: activityEvents.occurredAt, type: 'timestamp', eq: false, range: true },
  },
  sortable: { occurredAt: activityEvents.occurredAt, actorName: activityEvents.actorName },
  defaultSort: '-occurredAt',
  tieBreaker: activityEvents.id,
}

// A manager sees only their own rows (docs/roles.md#activity).
export function ownActivity(userId: string) {
  return eq(activityEvents.actorId, userId)
}

type Scalar = ActivityChange['before']

// The named fields whose values differ between two versions of an object (before → after).
export function diffFields<T extends object>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): ActivityChange[] {
  return fields.flatMap((field) =>
    changed(
      field,
      before ? ((before[field] ?? null) as Scalar) : null,
      after ? ((after[field] ?? null) as Scalar) : null,
    ),
  )
}
