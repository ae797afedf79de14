// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { endsSessionOnRefresh, endsSessionOnRequest } from '@/session/forced-logout'
import { createTokenRefresher } from '@/session/token-refresh'

type Grant = (lock: Lock | null) => unknown

// A Web Locks stand-in with the same exclusive, queued semantics, ifAvailable included.
function fakeLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve()
  let held = 0
  const request = (
    name: string,
    optionsOrGrant: LockOptions | Grant,
    maybeGrant?: Grant,
  ): Promise<unknown> => {
    const options = typeof optionsOrGrant === 'function' ? {} : optionsOrGrant
    const grant = (typeof optionsOrGrant === 'function' ? optionsOrGrant : maybeGrant) as Grant
    if (options.ifAvailable && held > 0) return Promise.resolve(grant(null))
    held++
    const run = tail.then(async () => {
      try {
        return await grant({ name, mode: 'exclusive' } as Lock)
      } finally {
        held--
      }
    })
    tail = run.catch(() => undefined)
    return run
  }
  return {
    request: request as LockManager['request'],
    query: () => Promise.resolve({ held: [], pending: [] }),
  }
}

// Two tabs' localStorage, as Chromium keeps it: each tab has its own copy, and a write reaches
// the other tab later (with a 'storage' event there), on a channel the lock hand-over can overtake.
function twoTabsStorage(delayMs: number) {
  const tab = () => ({ copy: new Map<string, string>(), events: new EventTarget() })
  const tabs = [tab(), tab()] as const
  const storageOf = (self: (typeof tabs)[number], other: (typeof tabs)[number]): Storage =>
    ({
      getItem: (key: string) => self.copy.get(key) ?? null,
      setItem: (key: string, value: string) => {
        self.copy.set(key, value)
        setTimeout(() => {
          other.copy.set(key, value)
          other.events.dispatchEvent(Object.assign(new Event('storage'), { key }))
        }, delayMs)
      },
    }) as Storage
  return [
    { storage: storageOf(tabs[0], tabs[1]), events: tabs[0].events },
    { storage: storageOf(tabs[1], tabs[0]), events: tabs[1].events },
  ] as const
}

// Both tabs fail at 1_000; the first holds the lock while its refresh call is out, until release.
async function raceTwoTabs(
  options: Omit<Parameters<typeof createTokenRefresher>[0], 'storage' | 'events'>,
  storageDelayMs: number,
  release: () => void,
) {
  const [a, b] = twoTabsStorage(storageDelayMs)
  const tabA = createTokenRefresher({ ...options, ...a })
  const tabB = createTokenRefresher({ ...options, ...b })
  const first = tabA(1_000)
  const second = tabB(1_000)
  await vi.waitFor(() => expect(options.refresh).toHaveBeenCalledTimes(1))
  release()
  return { first, second, tabB }
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

  it("refreshes once even when the lock reaches the other tab before the first tab's record", async () => {
    const locks = fakeLocks()
    let now = 1_000
    let release = () => {}
    let gate: Promise<void> | null = new Promise<void>((done) => (release = done))
    const refresh = vi.fn(async () => {
      // The first tab holds the lock while its call is out; the second tab asks for it meanwhile.
      const held = gate
      gate = null
      await held
      now += 50
    })
    const { first, second, tabB } = await raceTwoTabs(
      { refresh, lastRefreshKey: 'test:race', locks, now: () => now },
      20,
      () => release(),
    )
    await Promise.all([first, second])
    expect(refresh).toHaveBeenCalledTimes(1)
    // Once the record has arrived, a later failure of the second tab refreshes again.
    await tabB(now + 1)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it("refreshes itself when the other tab's refresh never comes, after a short wait", async () => {
    const locks = fakeLocks()
    let release = () => {}
    const failure = new ApiError({ status: 0, code: 'network', message: 'offline' })
    const refresh = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(async () => {
        await new Promise<void>((done) => (release = done))
        throw failure
      })
      .mockResolvedValueOnce(undefined)
    const { first, second } = await raceTwoTabs(
      { refresh, lastRefreshKey: 'test:failed', locks, peerWaitMs: 30 },
      5,
      () => release(),
    )
    await expect(first).rejects.toBe(failure)
    await expect(second).resolves.toBeUndefined()
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
