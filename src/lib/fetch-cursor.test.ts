import { describe, expect, it } from 'vitest'
import type { ListPage } from '@/api/http'
import { fetchByCursor } from '@/lib/fetch-cursor'

interface Row {
  id: string
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}` }))

// A list behind a fake keyset API: each call is recorded, answered a turn later.
function api(all: Row[], fail?: (after: string | null) => boolean) {
  const calls: (string | null)[] = []
  const fetchPage = async (after: string | null, limit: number, signal: AbortSignal) => {
    calls.push(after)
    await Promise.resolve()
    signal.throwIfAborted()
    if (fail?.(after)) throw new Error(`page after ${after} failed`)
    const from = after === null ? 0 : all.findIndex((r) => r.id === after) + 1
    const items = all.slice(from, from + limit)
    const page: ListPage<Row> = { items, total: all.length - from, totalIsApproximate: false }
    return page
  }
  return { calls, fetchPage }
}

describe('fetchByCursor', () => {
  it('delivers every row once, in order, each page after the last row of the one before', async () => {
    const list = api(rows(25))
    const seen: string[] = []
    const progress: [number, number][] = []
    const count = await fetchByCursor({
      fetchPage: list.fetchPage,
      idOf: (r) => r.id,
      pageSize: 10,
      onPage: (items) => void seen.push(...items.map((r) => r.id)),
      onProgress: (done, total) => progress.push([done, total]),
    })
    expect(count).toBe(25)
    expect(seen).toEqual(rows(25).map((r) => r.id))
    expect(list.calls).toEqual([null, 'r9', 'r19'])
    // The first page's total throughout.
    expect(progress).toEqual([
      [0, 25],
      [10, 25],
      [20, 25],
      [25, 25],
    ])
  })

  it('asks for the next page before handing the current one on', async () => {
    const list = api(rows(30))
    const askedWhileHandling: number[] = []
    await fetchByCursor({
      fetchPage: list.fetchPage,
      idOf: (r) => r.id,
      pageSize: 10,
      onPage: () => void askedWhileHandling.push(list.calls.length),
    })
    // While page 1 is handled, page 2 is asked for; a full last page asks once more (empty).
    expect(askedWhileHandling).toEqual([2, 3, 4, 4])
    expect(list.calls).toEqual([null, 'r9', 'r19', 'r29'])
  })

  it('ends on an empty first page', async () => {
    const list = api([])
    const count = await fetchByCursor({
      fetchPage: list.fetchPage,
      idOf: (r) => r.id,
      pageSize: 10,
      onPage: () => undefined,
    })
    expect(count).toBe(0)
    expect(list.calls).toEqual([null])
  })

  it('rejects with the failure of a page asked for ahead, once the walk reaches it', async () => {
    const list = api(rows(30), (after) => after === 'r9')
    const seen: string[] = []
    await expect(
      fetchByCursor({
        fetchPage: list.fetchPage,
        idOf: (r) => r.id,
        pageSize: 10,
        onPage: async (items) => {
          seen.push(...items.map((r) => r.id))
          // The failing request settles while this page is handled.
          await new Promise((resolve) => setTimeout(resolve, 0))
        },
      }),
    ).rejects.toThrow('page after r9 failed')
    expect(seen).toHaveLength(10)
  })

  it("stops at the caller's abort with its reason, the request in flight aborted", async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const signals: AbortSignal[] = []
    const list = api(rows(50))
    const run = fetchByCursor({
      fetchPage: (after, limit, signal) => {
        signals.push(signal)
        return list.fetchPage(after, limit, signal)
      },
      idOf: (r) => r.id,
      pageSize: 10,
      signal: controller.signal,
      onPage: () => controller.abort(reason),
    })
    await expect(run).rejects.toBe(reason)
    expect(signals.at(-1)?.aborted).toBe(true)
    expect(list.calls.length).toBeLessThan(5)
  })
})
