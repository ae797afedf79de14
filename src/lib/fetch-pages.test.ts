import { describe, expect, it } from 'vitest'
import type { ListPage } from '@/api/http'
import { collectPages, fetchAllPages } from '@/lib/fetch-pages'

interface Call {
  offset: number
  resolve: () => void
  reject: (error: unknown) => void
  signal: AbortSignal
}

// A list of `count` numbers served by hand: each request waits until the test releases it.
function fakeList(count: number, options: { approximate?: boolean; reportedTotal?: number } = {}) {
  const calls: Call[] = []
  let inFlight = 0
  let maxInFlight = 0
  const fetchPage = (offset: number, limit: number, signal: AbortSignal) =>
    new Promise<ListPage<number>>((resolve, reject) => {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      const items = Array.from(
        { length: Math.max(0, Math.min(limit, count - offset)) },
        (_, i) => offset + i,
      )
      const onAbort = () => {
        settle()
        reject(signal.reason)
      }
      const settle = () => {
        inFlight -= 1
        signal.removeEventListener('abort', onAbort)
      }
      signal.addEventListener('abort', onAbort)
      calls.push({
        offset,
        signal,
        resolve: () => {
          settle()
          resolve({
            items,
            total: options.reportedTotal ?? count,
            totalIsApproximate: options.approximate ?? false,
          })
        },
        reject: (error) => {
          settle()
          reject(error)
        },
      })
    })
  return { calls, fetchPage, maxInFlight: () => maxInFlight }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

// Releases pending requests (newest first, to scramble arrival order) until the walk ends.
async function drain(calls: Call[], done: { value: boolean }) {
  const released = new Set<Call>()
  while (!done.value) {
    await tick()
    const pending = calls.filter((call) => !released.has(call))
    for (const call of pending.reverse()) {
      released.add(call)
      call.resolve()
    }
  }
}

// Walks the whole fake list, releasing requests as they come; the delivered items and the count.
async function walkAll(list: ReturnType<typeof fakeList>, concurrency = 4) {
  const delivered: number[] = []
  const done = { value: false }
  const walk = fetchAllPages({
    fetchPage: list.fetchPage,
    pageSize: 100,
    concurrency,
    signal: new AbortController().signal,
    onPage: (items) => {
      delivered.push(...items)
    },
  }).finally(() => (done.value = true))
  await drain(list.calls, done)
  return { count: await walk, delivered }
}

describe('fetchAllPages', () => {
  it('delivers every page once, in order, with at most `concurrency` requests in flight', async () => {
    const list = fakeList(1050)
    const delivered: number[] = []
    const progress: [number, number][] = []
    const done = { value: false }
    const walk = fetchAllPages({
      fetchPage: list.fetchPage,
      pageSize: 100,
      concurrency: 4,
      signal: new AbortController().signal,
      onPage: (items, offset) => {
        expect(items[0]).toBe(offset)
        delivered.push(...items)
      },
      onProgress: (count, total) => progress.push([count, total]),
    }).finally(() => (done.value = true))
    await drain(list.calls, done)
    expect(await walk).toBe(1050)
    expect(delivered).toEqual(Array.from({ length: 1050 }, (_, i) => i))
    expect(list.calls.map((call) => call.offset).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, i) => i * 100),
    )
    expect(list.maxInFlight()).toBeLessThanOrEqual(4)
    expect(list.maxInFlight()).toBeGreaterThan(1)
    expect(progress.at(-1)).toEqual([1050, 1050])
    for (const [count, total] of progress) expect(count).toBeLessThanOrEqual(total)
  })

  it('stops at a single short page', async () => {
    const list = fakeList(42)
    expect((await walkAll(list)).count).toBe(42)
    expect(list.calls).toHaveLength(1)
  })

  it('with an approximate total, keeps asking until a short page and ignores pages past it', async () => {
    // docs/constants.md#sizes-and-limits: the estimate is 1.2 × the count, so the walk would overshoot by trusting it.
    const list = fakeList(730, { approximate: true, reportedTotal: 876 })
    const { count, delivered } = await walkAll(list, 3)
    expect(count).toBe(730)
    expect(delivered).toEqual(Array.from({ length: 730 }, (_, i) => i))
  })

  it('an exact total that is a multiple of the page size asks for no empty page', async () => {
    const list = fakeList(300)
    expect((await walkAll(list)).count).toBe(300)
    expect(list.calls.map((call) => call.offset).sort((a, b) => a - b)).toEqual([0, 100, 200])
  })

  it('a failing page rejects the walk and aborts the requests in flight', async () => {
    const list = fakeList(1000)
    const failure = new Error('boom')
    const walk = fetchAllPages({
      fetchPage: list.fetchPage,
      pageSize: 100,
      concurrency: 4,
      signal: new AbortController().signal,
      onPage: () => {},
    })
    await tick()
    list.calls[0]!.resolve()
    await tick()
    expect(list.calls).toHaveLength(5)
    list.calls[2]!.reject(failure)
    await expect(walk).rejects.toBe(failure)
    for (const call of list.calls.slice(1)) expect(call.signal.aborted).toBe(true)
  })

  it("the caller's abort rejects the walk and aborts every request", async () => {
    const list = fakeList(1000)
    const controller = new AbortController()
    const delivered: number[] = []
    const walk = fetchAllPages({
      fetchPage: list.fetchPage,
      pageSize: 100,
      concurrency: 4,
      signal: controller.signal,
      onPage: (items) => {
        delivered.push(...items)
      },
    })
    await tick()
    list.calls[0]!.resolve()
    await tick()
    const reason = new DOMException('Cancelled', 'AbortError')
    controller.abort(reason)
    await expect(walk).rejects.toBe(reason)
    expect(list.calls.every((call) => call.signal.aborted)).toBe(true)
    expect(delivered).toHaveLength(100)
  })

  it('rejects at once when the signal is already aborted', async () => {
    const list = fakeList(10)
    const controller = new AbortController()
    controller.abort()
    await expect(
      fetchAllPages({
        fetchPage: list.fetchPage,
        pageSize: 100,
        concurrency: 4,
        signal: controller.signal,
        onPage: () => {},
      }),
    ).rejects.toBeDefined()
    expect(list.calls).toHaveLength(0)
  })

  describe('maxItems', () => {
    // Collects the fake list with a cap, releasing requests as they come.
    async function collect(list: ReturnType<typeof fakeList>, maxItems: number, concurrency = 4) {
      const done = { value: false }
      const walk = collectPages({
        fetchPage: list.fetchPage,
        pageSize: 100,
        concurrency,
        maxItems,
      }).finally(() => (done.value = true))
      await drain(list.calls, done)
      return walk
    }
    const offsets = (list: ReturnType<typeof fakeList>) =>
      list.calls.map((call) => call.offset).sort((a, b) => a - b)

    it('stops at the cap, cuts the last page and says the list goes on', async () => {
      const list = fakeList(1050)
      const { items, total, complete } = await collect(list, 250)
      expect(items).toEqual(Array.from({ length: 250 }, (_, i) => i))
      expect(total).toBe(1050)
      expect(complete).toBe(false)
      expect(offsets(list)).toEqual([0, 100, 200])
    })

    it('a list that ends within the cap is complete, even exactly at it', async () => {
      const short = fakeList(230)
      expect(await collect(short, 500)).toEqual({
        items: Array.from({ length: 230 }, (_, i) => i),
        total: 230,
        complete: true,
      })
      const exact = fakeList(300)
      const walked = await collect(exact, 300)
      expect([walked.items.length, walked.complete]).toEqual([300, true])
      expect(offsets(exact)).toEqual([0, 100, 200])
    })

    it('with an approximate total, full pages up to the cap leave the list incomplete', async () => {
      const list = fakeList(20_000, { approximate: true, reportedTotal: 24_000 })
      const { items, complete } = await collect(list, 500, 1)
      expect(items).toHaveLength(500)
      expect(complete).toBe(false)
      expect(offsets(list)).toEqual([0, 100, 200, 300, 400])
    })

    it('a cap within the first page asks for nothing more', async () => {
      const list = fakeList(1000)
      const { items, complete } = await collect(list, 40)
      expect([items.length, complete]).toEqual([40, false])
      expect(list.calls).toHaveLength(1)
    })
  })

  it('without a signal, walks the whole list', async () => {
    const list = fakeList(420)
    const done = { value: false }
    const walk = fetchAllPages({
      fetchPage: list.fetchPage,
      pageSize: 100,
      concurrency: 2,
      onPage: () => {},
    }).finally(() => (done.value = true))
    await drain(list.calls, done)
    expect(await walk).toBe(420)
  })
})
