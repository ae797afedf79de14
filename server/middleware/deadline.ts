import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { HttpError } from '../errors'

export const BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Try again in a moment.'

// A request that has no answer within the deadline (a database that stopped answering mid-query)
// gets 503 with Retry-After instead of hanging the client. Work still running finishes or rolls
// back on its own; a retry with the same Idempotency-Key waits for it, then replays its answer.
export function requestDeadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new HttpError(503, BRIEFLY_UNAVAILABLE, 'deadline_exceeded', undefined, 2)),
        ms,
      )
    })
    try {
      await Promise.race([next(), expired])
    } finally {
      clearTimeout(timer)
    }
  }
}
