// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { endsSessionOnRefresh, endsSessionOnRequest } from '@/session/forced-logout'
import type { RefreshRecord } from '@/session/refresh-record'
import { createTokenRefresher } from '@/session/token-refresh'

type Grant = (lock: Lock | null) => unknown

// A Web Locks stand-in with the same exclusive, queued semantics.
function fakeLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve()
  const request = (name: string, grant: Grant): Promise<unknown> => {
    const run = tail.then(() => grant({ name, mode: 'exclusive' } as Lock))
    tail = run.catch(() => undefined)
    return run
  }
  return {
    request: request as LockManager['request'],
    query: () => Promise.resolve({ held: [], pending: [] }),
  }
}

// The record both tabs share (IndexedDB in the portal), with its reads and writes taking time.
function sharedRecord(delayMs = 5): RefreshRecord {
  let value = 0
  const later = <T>(get: () => T) =>
    new Promise<T>((done) => setTimeout(() => done(get()), delayMs))
  return {
    read: () => later(() => value),
    write: (at) => later(() => void (value = at)),
  }
}

describe('createTokenRefresher', () => {
  it('refreshes once for two tabs that failed at the same moment', async () => {
    const locks = fakeLocks()
    let now = 1_000
    const refresh = vi.fn(async () => {
      now += 50
    })
    const options = { refresh, record: sharedRecord(), locks, now: () => now }
    const tabA = createTokenRefresher(options)
    const tabB = createTokenRefresher(options)
    await Promise.all([tabA(1_000), tabB(1_000)])
    expect(refresh).toHaveBeenCalledTimes(1)
    // A request sent after that refresh that still fails gets a new refresh.
    await tabB(now + 1)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it("refreshes once when the second tab's failure arrives after the first tab let the lock go", async () => {
    const locks = fakeLocks()
    let now = 1_000
    const refresh = vi.fn(async () => {
      now += 50
    })
    const options = { refresh, record: sharedRecord(20), locks, now: () => now }
    await createTokenRefresher(options)(1_000)
    // The lock is free: the second tab takes it at once and still finds the first tab's record.
    await createTokenRefresher(options)(1_000)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it("refreshes itself at once when the other tab's refresh failed", async () => {
    const locks = fakeLocks()
    const failure = new ApiError({ status: 0, code: 'network', message: 'offline' })
    const refresh = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(undefined)
    const options = { refresh, record: sharedRecord(), locks }
    const first = createTokenRefresher(options)(1_000)
    const second = createTokenRefresher(options)(1_000)
    await expect(first).rejects.toBe(failure)
    await expect(second).resolves.toBeUndefined()
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('shares one refresh between requests of the same tab, and reports its failure', async () => {
    const failure = new ApiError({ status: 400, code: 'token_expired', message: 'Token expired' })
    const refresh = vi.fn(() => Promise.reject(failure))
    const refreshOnce = createTokenRefresher({ refresh, record: sharedRecord(), locks: undefined })
    const results = await Promise.allSettled([refreshOnce(1), refreshOnce(1)])
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
  })
})

describe('forced logout', () => {
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
