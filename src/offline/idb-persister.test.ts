import type { PersistedClient } from '@tanstack/react-query-persist-client'
import * as idb from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createIdbPersister, whenPersisted } from '@/offline/idb-persister'

vi.mock('idb-keyval', async (original) => {
  const actual = await original<typeof import('idb-keyval')>()
  return { ...actual, set: vi.fn(actual.set) }
})

const client = (timestamp: number): PersistedClient =>
  ({ timestamp, buster: 'b', clientState: { queries: [], mutations: [] } }) as never

const writes = () => vi.mocked(idb.set).mock.calls.length

afterEach(() => vi.mocked(idb.set).mockClear())

describe('createIdbPersister: the changes of one turn make one write', () => {
  it('saves a burst of changes once, the last one, before the turn ends', async () => {
    const persister = createIdbPersister('burst')
    const saved = [1, 2, 3].map((stamp) => persister.persistClient(client(stamp)))
    expect(writes()).toBe(0)
    // Started by the end of this turn: a render (a later task) never shows unsaved data.
    await Promise.resolve()
    expect(writes()).toBe(1)
    await Promise.all(saved)
    await expect(persister.restoreClient()).resolves.toMatchObject({ timestamp: 3 })
    // The next turn's change is a write of its own.
    await persister.persistClient(client(4))
    expect(writes()).toBe(2)
  })

  it('whenPersisted resolves once the waiting write is saved', async () => {
    const persister = createIdbPersister('flush')
    void persister.persistClient(client(7))
    await whenPersisted()
    await expect(persister.restoreClient()).resolves.toMatchObject({ timestamp: 7 })
  })

  it('drops a waiting write when the cache is removed, so a logout stays logged out', async () => {
    const persister = createIdbPersister('logout')
    await persister.persistClient(client(1))
    const saved = persister.persistClient(client(2))
    await persister.removeClient()
    await saved
    await new Promise((done) => setTimeout(done, 20))
    expect(writes()).toBe(1)
    await expect(persister.restoreClient()).resolves.toBeUndefined()
  })
})
