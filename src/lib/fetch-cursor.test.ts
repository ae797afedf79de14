import { describe, expect, it } from 'vitest'
import type { ListPage } from '@/api/http'
import {
  fetchByCursor,
  fetchSpansByCursor,
  splitSpan,
  type FetchSpansOptions,
  type TimeSpan,
} from '@/lib/fetch-cursor'

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

// Rows one a minute from 00:00 UTC on 5 October 2026, with their times.
interface TimedRow extends Row {
  at: string
}
const DAY_START = Date.UTC(2026, 9, 5)
const minute = (n: number) => new Date(DAY_START + n * 60_000).toISOString()
const timed = (n: number): TimedRow[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${String(i).padStart(4, '0')}`, at: minute(i) }))

// A time-ranged list behind a fake keyset API, in either order; `delay` holds a span's answers back.
function spanApi(
  all: TimedRow[],
  opts: { newestFirst?: boolean; delay?: (span: TimeSpan) => Promise<void>; fail?: string } = {},
) {
  const calls: { span: TimeSpan; after: string | null }[] = []
  const fetchPage = async (
    span: TimeSpan,
    after: string | null,
    limit: number,
    signal: AbortSignal,
  ): Promise<ListPage<TimedRow>> => {
    calls.push({ span, after })
    await (opts.delay?.(span) ?? Promise.resolve())
    signal.throwIfAborted()
    if (opts.fail && after === opts.fail) throw new Error(`page after ${after} failed`)
    const inSpan = all.filter((r) => r.at >= span.gte && r.at < span.lt)
    if (opts.newestFirst) inSpan.reverse()
    const from = after === null ? 0 : inSpan.findIndex((r) => r.id === after) + 1
    return {
      items: inSpan.slice(from, from + limit),
      total: inSpan.length - from,
      totalIsApproximate: false,
    }
  }
  return { calls, fetchPage }
}

// A spans walk over a fake list: pages of 10, oldest first, unless the test says otherwise.
function walkSpans(
  list: ReturnType<typeof spanApi>,
  options: Partial<FetchSpansOptions<TimedRow>> &
    Pick<FetchSpansOptions<TimedRow>, 'range' | 'spans'>,
) {
  return fetchSpansByCursor<TimedRow>({
    newestFirst: false,
    fetchPage: list.fetchPage,
    idOf: (r) => r.id,
    pageSize: 10,
    onPage: () => undefined,
    ...options,
  })
}

describe('splitSpan', () => {
  it('cuts a range into equal spans that meet exactly, in the list order', () => {
    const range = { gte: minute(0), lt: minute(90) }
    expect(splitSpan(range, 3, false)).toEqual([
      { gte: minute(0), lt: minute(30) },
      { gte: minute(30), lt: minute(60) },
      { gte: minute(60), lt: minute(90) },
    ])
    expect(splitSpan(range, 2, true)).toEqual([
      { gte: minute(45), lt: minute(90) },
      { gte: minute(0), lt: minute(45) },
    ])
    // The outer bounds are kept as given, not rewritten.
    expect(splitSpan({ gte: '2026-10-05T00:00:00Z', lt: minute(2) }, 1, false)).toEqual([
      { gte: '2026-10-05T00:00:00Z', lt: minute(2) },
    ])
  })
})

describe('fetchSpansByCursor', () => {
  it('walks the spans side by side and hands pages on in list order, the later span held back', async () => {
    let releaseFirst = () => undefined as void
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve))
    const list = spanApi(timed(60), {
      delay: (span) => (span.gte === minute(0) ? firstHeld : Promise.resolve()),
    })
    const seen: string[] = []
    const progress: [number, number][] = []
    const run = walkSpans(list, {
      range: { gte: minute(0), lt: minute(60) },
      spans: 2,
      onPage: (items) => void seen.push(...items.map((r) => r.id)),
      onProgress: (done, total) => progress.push([done, total]),
    })
    // The second span is read to its end while the first one's first page is held.
    await expect.poll(() => list.calls.filter((c) => c.span.gte === minute(30)).length).toBe(4)
    expect(seen).toEqual([])
    releaseFirst()
    expect(await run).toBe(60)
    expect(seen).toEqual(timed(60).map((r) => r.id))
    expect(progress[0]).toEqual([0, 60])
    expect(progress.at(-1)).toEqual([60, 60])
    expect(list.calls.filter((c) => c.after === null).map((c) => c.span)).toEqual([
      { gte: minute(0), lt: minute(30) },
      { gte: minute(30), lt: minute(60) },
    ])
  })

  it('reads newest first from the latest span', async () => {
    const list = spanApi(timed(25), { newestFirst: true })
    const seen: string[] = []
    await walkSpans(list, {
      range: { gte: minute(0), lt: minute(25) },
      spans: 3,
      newestFirst: true,
      pageSize: 4,
      onPage: (items) => void seen.push(...items.map((r) => r.id)),
    })
    expect(seen).toEqual(
      timed(25)
        .map((r) => r.id)
        .reverse(),
    )
  })

  it('rejects with the first failure and stops the other walk', async () => {
    const signals: AbortSignal[] = []
    const list = spanApi(timed(80), { fail: 't0049' })
    const seen: string[] = []
    await expect(
      walkSpans(list, {
        range: { gte: minute(0), lt: minute(80) },
        spans: 2,
        fetchPage: (span, after, limit, signal) => {
          signals.push(signal)
          return list.fetchPage(span, after, limit, signal)
        },
        onPage: (items) => void seen.push(...items.map((r) => r.id)),
      }),
    ).rejects.toThrow('page after t0049 failed')
    expect(signals.every((signal) => signal.aborted)).toBe(true)
    // Nothing of the failed span's later pages, nor of the span after it, was handed on.
    expect(seen.every((id) => id < 't0050')).toBe(true)
  })

  it("stops at the caller's abort with its reason", async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const list = spanApi(timed(100))
    const run = walkSpans(list, {
      range: { gte: minute(0), lt: minute(100) },
      spans: 2,
      signal: controller.signal,
      onPage: () => controller.abort(reason),
    })
    await expect(run).rejects.toBe(reason)
    expect(list.calls.length).toBeLessThan(10)
  })
})
