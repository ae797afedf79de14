// The activity log's side of a request: who acts, from where, and the one transaction that holds a
// change and its row (docs/entities.md#team-and-activity).
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import {
  recordActivity,
  type ActivityActor,
  type ActivityFacts,
  type ActivityOrigin,
  type ActivityTarget,
} from '../domain/activity'
import { requireAuth } from '../middleware/auth'
import { clientIp } from './client-ip'
import { describeDevice } from './user-agent'

export function activityActor(c: Context<AppEnv>): ActivityActor {
  const auth = requireAuth(c)
  return auth.via === 'api_key' && auth.apiKeyId
    ? { type: 'api_key', id: auth.apiKeyId }
    : { type: 'user', id: auth.userId }
}

export function activityOrigin(c: Context<AppEnv>): ActivityOrigin {
  const ip = clientIp(c)
  return {
    // In-process requests (tests, benches) have no peer address.
    ipAddress: ip === 'local' ? null : ip,
    device: describeDevice(c.req.header('user-agent')),
    now: c.get('deps').clock.now(),
  }
}

type FactsOf<T> = (result: T) => ActivityFacts | ActivityFacts[] | null

/**
 * Runs a change and writes its activity row in one transaction (a savepoint inside an idempotent
 * POST's own): a change that fails or rolls back leaves no row, and a row never outlives its
 * change. The account is the perspective one unless `target` says otherwise.
 */
export async function audited<T>(
  c: Context<AppEnv>,
  work: (db: Db) => Promise<T>,
  facts: FactsOf<T>,
  target?: ActivityTarget | ((result: T) => ActivityTarget),
): Promise<T> {
  const actor = activityActor(c)
  const origin = activityOrigin(c)
  const auth = requireAuth(c)
  const perspective = (): ActivityTarget => {
    if (!auth.submerchantId)
      throw new Error('audited: a change with no account must name its target')
    return { submerchantId: auth.submerchantId }
  }
  return c.get('deps').db.db.transaction(async (db) => {
    const result = await work(db)
    const found = facts(result)
    const rows = found === null ? [] : Array.isArray(found) ? found : [found]
    const resolved = typeof target === 'function' ? target(result) : (target ?? perspective())
    for (const row of rows) await recordActivity(db, resolved, actor, origin, row)
    return result
  })
}

/**
 * The activity row of a change whose domain function runs its own transaction (a password or MFA
 * change, whose failed attempts must be counted outside it): it calls this inside that transaction.
 */
export function activityRecorder(
  c: Context<AppEnv>,
  facts: ActivityFacts,
  target: ActivityTarget,
): (tx: Db) => Promise<void> {
  const actor = activityActor(c)
  const origin = activityOrigin(c)
  return (tx) => recordActivity(tx, target, actor, origin, facts)
}
