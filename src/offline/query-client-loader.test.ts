import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClientLoader } from '@/offline/query-client-loader'

describe('createQueryClientLoader', () => {
  it('creates one mounted client, however often it is asked for', async () => {
    const client = new QueryClient()
    const mount = vi.spyOn(client, 'mount')
    const create = vi.fn(() => Promise.resolve(client))
    const loader = createQueryClientLoader(create)
    expect(loader.current()).toBeUndefined()
    const [first, second] = await Promise.all([loader.load(), loader.load()])
    expect(first).toBe(client)
    expect(second).toBe(client)
    expect(await loader.load()).toBe(client)
    expect(loader.current()).toBe(client)
    expect(create).toHaveBeenCalledTimes(1)
    expect(mount).toHaveBeenCalledTimes(1)
  })

  it('tells its subscribers before the callers of load() hear of the client', async () => {
    const client = new QueryClient()
    const loader = createQueryClientLoader(() => Promise.resolve(client))
    const heard: string[] = []
    const unsubscribe = loader.subscribe(() => heard.push(`store: ${String(loader.current())}`))
    await loader.load().then(() => heard.push('caller'))
    expect(heard).toEqual([`store: ${String(client)}`, 'caller'])
    unsubscribe()
  })

  it('tries again after a failed load (a chunk that did not arrive)', async () => {
    const client = new QueryClient()
    const create = vi
      .fn<() => Promise<QueryClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(client)
    const loader = createQueryClientLoader(create)
    await expect(loader.load()).rejects.toThrow('Failed to fetch')
    expect(loader.current()).toBeUndefined()
    expect(await loader.load()).toBe(client)
    expect(create).toHaveBeenCalledTimes(2)
  })
})
