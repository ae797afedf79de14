import { afterEach, describe, expect, it } from 'vitest'
import {
  hashPassword,
  SERVER_BUSY,
  setHashQueueLimits,
  verifyPassword,
} from '../../server/auth/password'
import { HttpError } from '../../server/errors'

afterEach(() => {
  setHashQueueLimits({ running: 1, queued: 16 })
})

describe('password hash queue', () => {
  it('runs a bounded number of hashes and refuses the overflow with 503 and Retry-After', async () => {
    setHashQueueLimits({ running: 1, queued: 2 })
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => hashPassword(`phrase-number-${i}`)),
    )
    const done = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(done).toHaveLength(3)
    expect(refused).toHaveLength(3)
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as HttpError
      expect(error).toBeInstanceOf(HttpError)
      expect([error.status, error.code, error.message, error.retryAfterSeconds]).toEqual([
        503,
        'server_busy',
        SERVER_BUSY,
        1,
      ])
    }
    // The queue drains: every slot came back.
    const hash = await hashPassword('phrase-after-the-flood')
    const checks = await Promise.all(
      [1, 2, 3].map(() => verifyPassword(hash, 'phrase-after-the-flood')),
    )
    expect(checks).toEqual([true, true, true])
  })
})
