import { describe, expect, it } from 'vitest'
import type { ListPage } from '@/api/http'
import { fetchInWindows, type TimeWindow } from '@/lib/fetch-windows'

const DAY = 86_400_000
const START = Date.parse('2026-10-01T00:00:00.000Z')

interface Row {
  id: number
  at: number
}

// A fake time-sorted list: a quiet first week, then a burst of 1,000 rows in one hour.
function rows(): Row[] {
  const out: Row[] = []
  for (let i = 0; i < 70; i++) out.push({ id: out.length, at: START + i * (DAY / 10) })
  for (let i = 0; i < 1_000; i++) out.push({ id: out.length, at: START + 8 * DAY + i * 3_000 })
  return out
}

function fakeList(all: Row[], descending: boolean) {
  const calls: { window: TimeWindow; offset: number; limit: number }[] = []
  const fetchPage = async (
    window: TimeWindow,
    offset: number,
    limit: number,
  ): Promise<ListPage<Row>> => {
    calls.push({ window, offset, limit })
    const inside = all
      .filter((row) => row.at >= window.gte.getTime() && row.at < window.lt.getTime())
      .sort((a, b) => (descending ? b.at - a.at : a.at - b.at))
    return {
      items: inside.slice(offset, offset + limit),
      total: inside.length,
      totalIsApproximate: false,
    }
  }
  return { calls, fetchPage }
}

const range = { gte: new Date(START), lt: new Date(START + 10 * DAY) }

describe('fetchInWindows', () => {
  for (const descending of [false, true]) {
    it(`delivers every row once, in list order (${descending ? 'newest' : 'oldest'} first)`, async () => {
      const all = rows()
      const list = fakeList(all, descending)
      const seen: Row[] = []
      const progress: [number, number][] = []
      const count = await fetchInWindows<Row>({
        range,
        descending,
        maxRowsPerWindow: 200,
        fetchPage: list.fetchPage,
        pageSize: 50,
        concurrency: 3,
        onPage: (items) => void seen.push(...items),
        onProgress: (done, total) => progress.push([done, total]),
      })
      const expected = [...all].sort((a, b) => (descending ? b.at - a.at : a.at - b.at))
      expect(count).toBe(all.length)
      expect(seen.map((row) => row.id)).toEqual(expected.map((row) => row.id))
      expect(progress[0]).toEqual([0, all.length])
      expect(progress.at(-1)).toEqual([all.length, all.length])
      // The span was cut until no window held more than 200 rows: no deep offsets, and the
      // quiet days cost few requests (the windows' first pages, and their rest).
      expect(Math.max(...list.calls.map((call) => call.offset))).toBeLessThan(200)
      expect(list.calls.length).toBeLessThan(60)
    })
  }

  it("cuts a full span by its total at once, and asks for the parts' first pages together", async () => {
    // 2,000 rows spread evenly over the 10 days.
    const all = Array.from({ length: 2_000 }, (_, id) => ({ id, at: START + id * (DAY / 200) }))
    const list = fakeList(all, false)
    let inFlight = 0
    let mostInFlight = 0
    const seen: number[] = []
    await fetchInWindows<Row>({
      range,
      descending: false,
      maxRowsPerWindow: 200,
      fetchPage: async (window, offset, limit) => {
        inFlight++
        mostInFlight = Math.max(mostInFlight, inFlight)
        await new Promise((done) => setTimeout(done, 1))
        inFlight--
        return list.fetchPage(window, offset, limit)
      },
      pageSize: 50,
      concurrency: 3,
      onPage: (items) => void seen.push(...items.map((row) => row.id)),
    })
    expect(seen).toEqual(all.map((row) => row.id))
    // One request for the whole span, then 14 parts of about 143 rows (150 is three quarters of
    // 200): each its first page and two more. Halving would have probed 2 + 4 + 8 + 16 windows.
    const firstPages = list.calls.filter((call) => call.offset === 0)
    expect(firstPages).toHaveLength(15)
    expect(list.calls).toHaveLength(1 + 14 * 3)
    expect(mostInFlight).toBeGreaterThan(1)
    expect(mostInFlight).toBeLessThanOrEqual(6)
  })

  it('stops at the first failure and on abort', async () => {
    const list = fakeList(rows(), false)
    type FetchPage = typeof list.fetchPage
    // The walk over the quiet week and the burst, its rows dropped.
    const walk = (fetchPage: FetchPage, maxRowsPerWindow: number, signal?: AbortSignal) =>
      fetchInWindows<Row>({
        range,
        descending: false,
        maxRowsPerWindow,
        fetchPage,
        pageSize: 50,
        concurrency: 2,
        signal,
        onPage: () => undefined,
      })
    const failing: FetchPage = async (window, offset, limit) => {
      if (offset === 100) throw new Error('boom')
      return list.fetchPage(window, offset, limit)
    }
    await expect(walk(failing, 10_000)).rejects.toThrow('boom')

    // A part's first page that fails stops the walk too, with nothing left unsettled.
    const failingPart: FetchPage = async (window, offset, limit) => {
      if (offset === 0 && window.gte.getTime() > START) throw new Error('part lost')
      return list.fetchPage(window, offset, limit)
    }
    await expect(walk(failingPart, 200)).rejects.toThrow('part lost')

    const controller = new AbortController()
    controller.abort(new Error('cancelled'))
    await expect(walk(list.fetchPage, 200, controller.signal)).rejects.toThrow('cancelled')
  })
})
