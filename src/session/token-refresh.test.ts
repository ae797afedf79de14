// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import {
  createTokenRefresher,
  endsSessionOnRefresh,
  endsSessionOnRequest,
} from '@/session/token-refresh'

// A Web Locks stand-in with the same exclusive, queued semantics.
function fakeLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve()
  return {
    request: ((_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(() => callback())
      tail = run.catch(() => undefined)
      return run
    }) as LockManager['request'],
    query: () => Promise.resolve({ held: [], pending: [] }),
  }
}

describe('createTokenRefresher', () => {
  it('refreshes once for two tabs that failed at the same moment', async () => {
    const locks = fakeLocks()
    let now = 1_000
    const refresh = vi.fn(async () => {
      now += 50
    })
    const options = { refresh, lastRefreshKey: 'test:last-refresh', locks, now: () => now }
    const tabA = createTokenRefresher(options)
    const tabB = createTokenRefresher(options)
    await Promise.all([tabA(1_000), tabB(1_000)])
    expect(refresh).toHaveBeenCalledTimes(1)
    // A request sent after that refresh that still fails gets a new refresh.
    await tabB(now + 1)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('shares one refresh between requests of the same tab, and reports its failure', async () => {
    localStorage.clear()
    const failure = new ApiError({ status: 400, code: 'token_expired', message: 'Token expired' })
    const refresh = vi.fn(() => Promise.reject(failure))
    const refreshOnce = createTokenRefresher({
      refresh,
      lastRefreshKey: 'test:other',
      locks: undefined,
    })
    const results = await Promise.allSettled([refreshOnce(1), refreshOnce(1)])
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
  })
})

describe('§4 forced logout', () => {
  const error = (status: number, message: string, code = 'x') =>
    new ApiError({ status, code, message })

  it('ends the session on the four token messages with 400 or 401', () => {
    for (const message of [
      'Token expired',
      'Device identifier required',
      'Invalid device',
      'Refresh token missing',
    ]) {
      expect(endsSessionOnRefresh(error(400, message))).toBe(true)
      expect(endsSessionOnRefresh(error(401, message))).toBe(true)
      expect(endsSessionOnRefresh(error(500, message))).toBe(false)
    }
    expect(endsSessionOnRefresh(error(400, 'Not permitted for this account'))).toBe(false)
    expect(endsSessionOnRefresh(error(0, 'Error - no response from server.'))).toBe(false)
  })

  it('ends the session on a 401 invalid_token', () => {
    expect(endsSessionOnRequest(error(401, 'Invalid token', 'invalid_token'))).toBe(true)
    expect(endsSessionOnRequest(error(403, 'Forbidden', 'invalid_token'))).toBe(false)
    expect(endsSessionOnRequest(error(401, 'Authentication required', 'unauthenticated'))).toBe(
      false,
    )
  })
})
