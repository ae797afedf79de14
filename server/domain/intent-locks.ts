// Reading and changing one payment link safely: due links expire first (sandbox clock), a change
// holds the row's lock for its transaction, and a wrong status is a 409 naming both.
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Intent } from '@/api/schema/intents'
import type { Db } from '../db/client'
import { intents } from '../db/schema/core'
import { badRequest, conflict, notFound, type HttpError, type FieldError } from '../errors'
import {
  EXPIRES_UNLESS,
  recordIntentEvent,
  serializeIntent,
  type IntentRow,
} from './intent-records'

/**
 * The sandbox clock's expiry: links past `expiresAt` that can still expire become `expired`, with
 * a log line stamped at the expiry itself. Run before an account's links are read or changed.
 */
export async function expireDueIntents(
  db: Db,
  // Every account's links when no account is named (the sandbox world's round).
  scope: { submerchantId?: string; intentId?: string },
  ctx: ChangeContext,
): Promise<number> {
  const now = ctx.now
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(intents)
      .set({
        status: 'expired',
        statusIsFinal: true,
        updatedAt: sql`${intents.expiresAt}`,
        logs: sql`${intents.logs} || jsonb_build_array('[' || to_char(${intents.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '] Payment link expired')`,
      })
      .where(
        and(
          scope.submerchantId ? eq(intents.submerchantId, scope.submerchantId) : undefined,
          scope.intentId ? eq(intents.id, scope.intentId) : undefined,
          sql`not ${intents.statusIsFinal}`,
          sql`${intents.status} <> ${EXPIRES_UNLESS}`,
          lte(intents.expiresAt, now),
        ),
      )
      .returning()
    for (const row of expired) await recordIntentEvent(tx, row, ctx)
    return expired.length
  })
}

export interface IntentScope {
  intentId: string
  submerchantId: string
}

export async function findOwnIntent(
  db: Db,
  scope: IntentScope,
  ctx: ChangeContext,
): Promise<IntentRow> {
  await expireDueIntents(db, scope, ctx)
  const [row] = await db
    .select()
    .from(intents)
    .where(and(eq(intents.id, scope.intentId), eq(intents.submerchantId, scope.submerchantId)))
  if (!row) throw notFound('Payment link not found')
  return row
}

// The row locked for this transaction, expired first if its time has come.
export async function lockIntent(
  tx: Db,
  scope: IntentScope,
  ctx: ChangeContext,
): Promise<IntentRow> {
  const now = ctx.now
  const [row] = await tx
    .select()
    .from(intents)
    .where(and(eq(intents.id, scope.intentId), eq(intents.submerchantId, scope.submerchantId)))
    .for('update')
  if (!row) throw notFound('Payment link not found')
  if (
    row.expiresAt &&
    row.expiresAt <= now &&
    !row.statusIsFinal &&
    row.status !== EXPIRES_UNLESS
  ) {
    await expireDueIntents(tx, scope, ctx)
    return (await tx.select().from(intents).where(eq(intents.id, row.id)))[0] ?? row
  }
  return row
}

// 409 with a sentence naming the action and the status that forbids it.
export function wrongState(action: string, status: string): HttpError {
  return conflict(
    `Cannot ${action} a payment link when status is '${status}'`,
    'intent_invalid_state',
  )
}

export function refuseFields(errors: FieldError[]): never {
  throw badRequest(errors[0]?.messages[0] ?? 'Invalid request', errors)
}

export interface ChangeContext {
  origin: string
  now: Date
}

// Locks the row, applies the change and saves it, in one transaction; answers the new Intent.
export async function changeIntent(
  db: Db,
  scope: IntentScope,
  ctx: ChangeContext,
  apply: (row: IntentRow, tx: Db) => Promise<Partial<IntentRow>>,
): Promise<Intent> {
  return db.transaction(async (tx) => {
    const row = await lockIntent(tx, scope, ctx)
    const next = await apply(row, tx)
    const [updated] = await tx
      .update(intents)
      .set({ ...next, updatedAt: ctx.now })
      .where(eq(intents.id, row.id))
      .returning()
    if (!updated) throw new Error('intent update returned no row')
    if (updated.status !== row.status) await recordIntentEvent(tx, updated, ctx)
    return serializeIntent(updated, ctx.origin)
  })
}
