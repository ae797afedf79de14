import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { describe, expect, it } from 'vitest'
import { createIdbPersister } from '@/offline/idb-persister'
import { persistOptions } from '@/offline/persister'
import { startPersistence, type CacheOwner } from '@/offline/persistence'
import { createQueryClient } from '@/offline/query-client'

function owner(initial: string | null) {
  const listeners = new Set<() => void>()
  return {
    userId: initial,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(userId: string | null) {
      this.userId = userId
      listeners.forEach((listener) => listener())
    },
  }
}

const KEY = ['sub_demo', 'sales', 'list', {}]

// A cache saved earlier by `userId`, holding `data` under KEY.
async function savedEarlier(database: string, userId: string, data: unknown) {
  const persister = createIdbPersister(database)
  const earlier = createQueryClient()
  earlier.setQueryData(KEY, data)
  const { persistQueryClientSave } = await import('@tanstack/react-query-persist-client')
  await persistQueryClientSave({ queryClient: earlier, ...persistOptions(persister, userId) })
  return persister
}

// A client whose persistence has started on `persister`, restoring what it holds.
async function started(persister: Persister, session: CacheOwner) {
  const queryClient = createQueryClient()
  await startPersistence({
    queryClient,
    session,
    persister,
    persisted: Promise.resolve(persister.restoreClient()),
  })
  return queryClient
}

describe('startPersistence', () => {
  it("restores the user's cache from the early read, then saves changes under that user", async () => {
    const persister = await savedEarlier('persistence-restore', 'usr_1', { items: ['sale_1'] })
    const queryClient = await started(persister, owner('usr_1'))
    expect(queryClient.getQueryData(KEY)).toEqual({ items: ['sale_1'] })

    queryClient.setQueryData(['sub_demo', 'payouts'], { items: [] })
    await expect
      .poll(async () => (await persister.restoreClient())?.clientState.queries.length)
      .toBe(2)
  })

  it("discards another user's cache, and stamps saves with the new user after a sign-in", async () => {
    const persister = await savedEarlier('persistence-busted', 'usr_other', { items: ['theirs'] })
    const session = owner(null)
    const queryClient = await started(persister, session)
    expect(queryClient.getQueryData(KEY)).toBeUndefined()

    session.set('usr_2')
    queryClient.setQueryData(KEY, { items: ['mine'] })
    await expect
      .poll(async () => (await persister.restoreClient())?.buster)
      .toBe(persistOptions(createIdbPersister('x'), 'usr_2').buster)
  })

  it('dehydrates once per turn: many changes together make one save of the latest state', async () => {
    const persister = createIdbPersister('persistence-one-save')
    const saves: number[] = []
    const counting = {
      ...persister,
      persistClient: (client: PersistedClient) => {
        saves.push(client.clientState.queries.length)
        return persister.persistClient(client)
      },
    }
    const queryClient = createQueryClient()
    await startPersistence({
      queryClient,
      session: owner('usr_1'),
      persister: counting,
      persisted: Promise.resolve(undefined),
    })
    saves.length = 0
    for (let page = 1; page <= 5; page++) {
      queryClient.setQueryData(['sub_demo', 'sales', 'list', { page }], { items: [page] })
    }
    expect(saves).toEqual([])
    await Promise.resolve()
    expect(saves).toEqual([5])
    await expect
      .poll(async () => (await persister.restoreClient())?.clientState.queries.length)
      .toBe(5)
  })

  it('still keeps a card number out of a save after a restore', async () => {
    const persister = await savedEarlier('persistence-card-after-restore', 'usr_1', {
      items: ['sale_1'],
    })
    const queryClient = await started(persister, owner('usr_1'))
    queryClient.setQueryData(KEY, { items: ['sale_1'], note: 'card 4242 4242 4242 4242' })
    queryClient.setQueryData(['sub_demo', 'payouts'], { items: [] })
    await expect
      .poll(async () =>
        (await persister.restoreClient())?.clientState.queries.map((query) => query.queryHash),
      )
      .toEqual([JSON.stringify(['sub_demo', 'payouts'])])
  })
})
