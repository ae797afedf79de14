import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { cancelRequestStatements, runUnderDeadline, type RequestDeadline } from '../db/client'
import { HttpError } from '../errors'

export const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Try again in a moment.'

// A request that has no answer within the deadline (a database that stopped answering mid-query,
// a query far costlier than its kind) gets 503 with Retry-After instead of hanging the client, and
// its work stops with it: on PostgreSQL its statements run with statement_timeout at the deadline,
// and those still running when the answer is given up are cancelled (server/db/client.ts), so a
// given-up request holds no connection and no lock. A write's transaction rolls back; a retry with
// the same Idempotency-Key then does the work afresh.
export function requestDeadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deadline: RequestDeadline = { timeoutMs: ms, held: new Set() }
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void cancelRequestStatements(c.get('deps').db, deadline)
        reject(new HttpError(503, BRIEFLY_UNAVAILABLE, 'deadline_exceeded', undefined, 2))
      }, ms)
    })
    try {
      await Promise.race([runUnderDeadline(deadline, next), expired])
    } finally {
      clearTimeout(timer)
    }
  }
}
