import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  createIdbPersister,
  isPersistableKey,
  persistOptions,
  persisterBuster,
} from '@/offline/persister'
import { createQueryClient, shouldRetry } from '@/offline/query-client'
import { ApiError } from '@/api/errors'
import { newQueueableVariables, queueableKey } from '@/offline/queueable'

describe('createIdbPersister', () => {
  it('saves, restores and removes the client in IndexedDB', async () => {
    const persister = createIdbPersister('test-cache')
    const client = { timestamp: 1, buster: 'b', clientState: { queries: [], mutations: [] } }
    await persister.persistClient(client)
    await expect(persister.restoreClient()).resolves.toEqual(client)
    await persister.removeClient()
    await expect(persister.restoreClient()).resolves.toBeUndefined()
  })
})

describe('persistOptions', () => {
  it('busts on user and build, keeps 24 h, within the query gcTime', () => {
    const options = persistOptions(createIdbPersister('x'), 'usr_1')
    expect(options.buster).toBe(persisterBuster('usr_1'))
    expect(persisterBuster('usr_1')).not.toBe(persisterBuster('usr_2'))
    expect(persisterBuster(null)).toBe('anonymous:dev')
    expect(options.maxAge).toBe(24 * 60 * 60 * 1000)
    const gcTime = createQueryClient().getDefaultOptions().queries?.gcTime
    expect(gcTime).toBeGreaterThanOrEqual(options.maxAge ?? Infinity)
  })

  it('dehydrates only successful account data that does not opt out', async () => {
    const client = new QueryClient()
    client.setQueryData(['sub_demo_city_cabs', 'sales', 'list', { page: 1 }], { items: [] })
    client.setQueryData(['user', 'current'], { id: 'usr_1' })
    client.setQueryData(['system-status'], 'ok')
    client.setQueryData(['sub_x', 'sales', 'detail', 'sale_1'], { pan: '4242424242424242' })
    await client.prefetchQuery({
      queryKey: ['sub_x', 'api-keys', 'token'],
      queryFn: () => 2,
      meta: { persist: false },
    })
    await client.prefetchQuery({
      queryKey: ['sub_x', 'failed'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    })
    const { dehydrateOptions } = persistOptions(createIdbPersister('x'), null)
    const kept = client
      .getQueryCache()
      .getAll()
      .filter((query) =>
        // The persist client's own query-core copy types the query; the objects are the same.
        dehydrateOptions?.shouldDehydrateQuery?.(query as never),
      )
      .map((query) => query.queryKey)
    expect(kept).toEqual([
      ['sub_demo_city_cabs', 'sales', 'list', { page: 1 }],
      ['user', 'current'],
    ])
  })

  it('saves under the latest user even when the provider kept its first options', async () => {
    const persister = createIdbPersister('stamped')
    const first = persistOptions(persister, null)
    persistOptions(persister, 'usr_2')
    await persister.persistClient({
      timestamp: 1,
      buster: first.buster ?? '',
      clientState: { queries: [], mutations: [] },
    })
    await expect(persister.restoreClient()).resolves.toMatchObject({
      buster: persisterBuster('usr_2'),
    })
  })
})

describe('the outbox in the persisted client', () => {
  const variables = newQueueableVariables({
    what: 'Receipt by SMS',
    forWhom: '+447700900123',
    submerchantId: 'sub_demo_city_cabs',
  })

  it('keeps queueable actions that are queued, in flight or failed, nothing else', async () => {
    const client = new QueryClient()
    const cache = client.getMutationCache()
    const build = (key: readonly unknown[], fn: () => Promise<unknown>) =>
      cache.build(client, { mutationKey: [...key], mutationFn: fn, retry: false })
    const never = () => new Promise<never>(() => undefined)
    void build(queueableKey('receipts', 'send'), never).execute(variables)
    await build(queueableKey('receipts', 'send'), () => Promise.reject(new Error('lost')))
      .execute(variables)
      .catch(() => undefined)
    await build(queueableKey('receipts', 'send'), () => Promise.resolve('sent')).execute(variables)
    void build(['refunds', 'create'], never).execute(variables)
    const { dehydrateOptions } = persistOptions(createIdbPersister('x'), null)
    const kept = cache
      .getAll()
      .filter((mutation) => dehydrateOptions?.shouldDehydrateMutation?.(mutation as never))
      .map((mutation) => mutation.state.status)
    expect(kept).toEqual(['pending', 'error'])
  })

  it('saves an action in flight as paused, so the restored copy is resumed', async () => {
    const persister = createIdbPersister('in-flight')
    const state = (isPaused: boolean) => ({
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused,
      status: 'pending' as const,
      variables,
      submittedAt: 1,
    })
    await persister.persistClient({
      timestamp: 1,
      buster: 'b',
      clientState: {
        queries: [],
        mutations: [
          { mutationKey: queueableKey('receipts', 'send'), state: state(false) },
          { mutationKey: queueableKey('receipts', 'send'), state: state(true) },
        ],
      },
    })
    const restored = await persister.restoreClient()
    expect(restored?.clientState.mutations.map((m) => m.state.isPaused)).toEqual([true, true])
  })
})

describe('isPersistableKey', () => {
  it('keeps submerchant keys and the user keys, nothing else', () => {
    expect(isPersistableKey(['sub_demo_city_cabs', 'dashboard'])).toBe(true)
    expect(isPersistableKey(['user', 'submerchants'])).toBe(true)
    expect(isPersistableKey(['system-status'])).toBe(false)
    expect(isPersistableKey(['sub_', 'x'])).toBe(false)
    expect(isPersistableKey([42])).toBe(false)
  })
})

describe('shouldRetry', () => {
  it('retries server and network failures and 429 twice, never other 4xx or bugs', () => {
    const server = new ApiError({ status: 503, code: 'x', message: 'x' })
    const client = new ApiError({ status: 404, code: 'x', message: 'x' })
    const busy = new ApiError({ status: 429, code: 'too_many_requests', message: 'x' })
    expect(shouldRetry(0, server)).toBe(true)
    expect(shouldRetry(2, server)).toBe(false)
    expect(shouldRetry(0, busy)).toBe(true)
    expect(shouldRetry(2, busy)).toBe(false)
    expect(shouldRetry(0, client)).toBe(false)
    expect(shouldRetry(0, new TypeError('bug'))).toBe(false)
  })
})
