// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import type { Persister } from '@tanstack/react-query-persist-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAuth } from '@/session/auth'
import { createSession } from '@/session/session'

function setup() {
  const session = createSession(localStorage, 'local')
  const queryClient = new QueryClient()
  const persister: Persister = {
    persistClient: vi.fn(),
    restoreClient: vi.fn(),
    removeClient: vi.fn(),
  }
  const goToLogin = vi.fn()
  const auth = createAuth({ session, loadedQueryClient: () => queryClient, persister, goToLogin })
  return { session, queryClient, persister, goToLogin, stop: auth.start() }
}

beforeEach(() => localStorage.clear())
let stop: (() => void) | undefined
afterEach(async () => {
  stop?.()
  // Logout loads the HTTP client and clears the bulk-import store on demand: let those imports
  // finish inside the test environment, not after it is torn down.
  await vi.dynamicImportSettled()
})

describe('createAuth: whose data the caches hold', () => {
  it('drops the cache, queued actions and the persisted copy when another user appears', () => {
    const ctx = setup()
    stop = ctx.stop
    ctx.session.setLoggedIn(true)
    ctx.session.setUserId('usr_a')
    ctx.queryClient.setQueryData(['sub_a', 'sales'], [1])
    // Another tab signed someone else in: same loggedIn flag, a different user id.
    ctx.session.setUserId('usr_b')
    expect(ctx.queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(ctx.persister.removeClient).toHaveBeenCalledTimes(1)
    expect(ctx.goToLogin).not.toHaveBeenCalled()
  })

  it('keeps the cache while the same user stays, and drops it on logout from another tab', () => {
    const ctx = setup()
    stop = ctx.stop
    ctx.session.setLoggedIn(true)
    ctx.session.setUserId('usr_a')
    ctx.queryClient.setQueryData(['sub_a', 'sales'], [1])
    ctx.session.setSubmerchantId('sub_a')
    expect(ctx.queryClient.getQueryData(['sub_a', 'sales'])).toEqual([1])
    ctx.session.clear()
    expect(ctx.queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(ctx.persister.removeClient).toHaveBeenCalled()
    expect(ctx.goToLogin).toHaveBeenCalled()
    // Signing in again as someone else after a logout needs no second wipe.
    vi.mocked(ctx.persister.removeClient).mockClear()
    ctx.session.setLoggedIn(true)
    ctx.session.setUserId('usr_b')
    expect(ctx.persister.removeClient).not.toHaveBeenCalled()
  })
})
