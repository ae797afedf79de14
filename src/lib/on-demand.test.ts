import { describe, expect, it } from 'vitest'
import { onDemand } from '@/lib/on-demand'

describe('onDemand', () => {
  it('fetches once on first use, shares the fetch in flight and keeps the value', async () => {
    let fetches = 0
    const value = onDemand(async () => {
      fetches += 1
      return { n: fetches }
    })
    expect(value.loaded()).toBeNull()
    const [a, b] = await Promise.all([value.load(), value.load()])
    expect(a).toBe(b)
    expect(await value.load()).toBe(a)
    expect(value.loaded()).toBe(a)
    expect(fetches).toBe(1)
  })

  it('tries again at the next use after a failed fetch (a chunk offline)', async () => {
    let fetches = 0
    const value = onDemand(async () => {
      fetches += 1
      if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return 'code'
    })
    await expect(value.load()).rejects.toThrow('Failed to fetch')
    expect(value.loaded()).toBeNull()
    expect(await value.load()).toBe('code')
    expect(fetches).toBe(2)
  })
})
