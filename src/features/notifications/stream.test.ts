import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountEvent } from '@/api/schema/events'
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  createLiveConnection,
  SeenIds,
  STABLE_OPEN_MS,
  type EventSourceLike,
  type LiveConnectionDeps,
} from '@/features/notifications/stream'

describe('backoffDelay', () => {
  it('doubles from about a second and stays between half and all of the cap', () => {
    expect(backoffDelay(0, () => 0)).toBe(500)
    expect(backoffDelay(0, () => 1)).toBe(1000)
    expect(backoffDelay(3, () => 0)).toBe(4000)
    expect(backoffDelay(3, () => 1)).toBe(8000)
  })

  it('never waits longer than the maximum', () => {
    for (const attempt of [5, 10, 50]) {
      expect(backoffDelay(attempt, () => 1)).toBe(BACKOFF_MAX_MS)
      expect(backoffDelay(attempt, () => 0)).toBe(BACKOFF_MAX_MS / 2)
    }
  })
})

describe('SeenIds', () => {
  it('says new once per id and forgets the oldest past its limit', () => {
    const seen = new SeenIds(3)
    expect(['a', 'b', 'a', 'c'].map((id) => seen.add(id))).toEqual([true, true, false, true])
    seen.add('d')
    expect(seen.has('a')).toBe(false)
    expect(seen.has('d')).toBe(true)
    expect(seen.add('a')).toBe(true)
  })
})

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  closed = false
  private listeners = new Map<string, (event: MessageEvent<string>) => void>()
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener)
  }
  close() {
    this.closed = true
  }
  opened() {
    this.onopen?.(new Event('open'))
  }
  failed() {
    this.onerror?.(new Event('error'))
  }
  send(type: string, event: Partial<AccountEvent> & { id: string }) {
    const listener = this.listeners.get(type)
    listener?.(
      new MessageEvent(type, { data: JSON.stringify({ type, ...event }), lastEventId: event.id }),
    )
  }
}

function setup(overrides: Partial<LiveConnectionDeps> = {}) {
  const sources: FakeSource[] = []
  const events: AccountEvent[] = []
  const openStates: boolean[] = []
  let online = true
  const onlineListeners = new Set<() => void>()
  const checkSession = vi.fn(() => Promise.resolve())
  const resets = vi.fn()
  const connection = createLiveConnection({
    url: (last) => `/v1/events/stream?submerchantId=sub_a${last ? `&lastEventId=${last}` : ''}`,
    open: (url) => {
      const source = new FakeSource(url)
      sources.push(source)
      return source
    },
    parse: (data) => JSON.parse(data) as AccountEvent,
    onEvent: (event) => events.push(event),
    onReset: resets,
    onOpenChange: (open) => openStates.push(open),
    checkSession,
    isOnline: () => online,
    subscribeOnline: (listener) => {
      onlineListeners.add(listener)
      return () => onlineListeners.delete(listener)
    },
    random: () => 1,
    now: () => Date.now(),
    ...overrides,
  })
  const setOnline = (value: boolean) => {
    online = value
    for (const listener of onlineListeners) listener()
  }
  const last = () => sources[sources.length - 1] as FakeSource
  return { connection, sources, events, openStates, checkSession, resets, setOnline, last }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createLiveConnection', () => {
  it('opens one stream, reports it open and hands each parsed frame on', () => {
    const { connection, sources, events, openStates, last } = setup()
    connection.start()
    connection.start()
    expect(sources).toHaveLength(1)
    last().opened()
    last().send('sale.created', { id: 'evt_1', objectId: 'sale_1' })
    expect(events.map((e) => e.id)).toEqual(['evt_1'])
    expect(openStates).toEqual([true])
    expect(connection.lastEventId).toBe('evt_1')
  })

  it('reconnects after an error with backoff, a session check first, and the last id', async () => {
    const { connection, sources, checkSession, openStates, last } = setup()
    connection.start()
    last().opened()
    last().send('intent.succeeded', { id: 'evt_7' })
    last().failed()
    expect(sources[0]?.closed).toBe(true)
    expect(openStates).toEqual([true, false])
    // Nothing at once: the browser's own retry never runs, the backoff does.
    await vi.advanceTimersByTimeAsync(999)
    expect(checkSession).not.toHaveBeenCalled()
    expect(sources).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(checkSession).toHaveBeenCalledTimes(1)
    expect(sources).toHaveLength(2)
    expect(last().url).toBe('/v1/events/stream?submerchantId=sub_a&lastEventId=evt_7')
  })

  it('waits longer after each failure, and starts over after a stream that stayed open', async () => {
    const { connection, sources, last } = setup()
    connection.start()
    const waits: number[] = []
    for (let i = 0; i < 4; i++) {
      const before = Date.now()
      const count = sources.length
      last().failed()
      while (sources.length === count) await vi.advanceTimersByTimeAsync(100)
      waits.push(Date.now() - before)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000])
    last().opened()
    await vi.advanceTimersByTimeAsync(STABLE_OPEN_MS)
    const before = Date.now()
    last().failed()
    const count = sources.length
    while (sources.length === count) await vi.advanceTimersByTimeAsync(100)
    expect(Date.now() - before).toBe(1000)
  })

  it('does not open a stream while the session check fails, and backs off further', async () => {
    const checkSession = vi.fn(() => Promise.reject(new Error('offline-ish')))
    const { connection, sources, last } = setup({ checkSession })
    connection.start()
    last().failed()
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000)
    expect(checkSession).toHaveBeenCalledTimes(3)
    expect(sources).toHaveLength(1)
  })

  it('offline: closes the stream, never retries, and catches up once back online', async () => {
    const { connection, sources, openStates, setOnline, last } = setup()
    connection.start()
    last().opened()
    last().send('sale.created', { id: 'evt_3' })
    setOnline(false)
    expect(last().closed).toBe(true)
    expect(openStates).toEqual([true, false])
    // An error while offline (the socket dying) schedules nothing either.
    last().failed()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(sources).toHaveLength(1)
    setOnline(true)
    expect(sources).toHaveLength(2)
    expect(last().url).toContain('lastEventId=evt_3')
  })

  it('back online, a session check still waiting from before cannot close the new stream', async () => {
    let rejectCheck: (error: Error) => void = () => undefined
    const checkSession = vi.fn(() => new Promise((_resolve, reject) => (rejectCheck = reject)))
    const { connection, sources, setOnline, last } = setup({ checkSession })
    connection.start()
    last().failed()
    await vi.advanceTimersByTimeAsync(1000)
    expect(checkSession).toHaveBeenCalledTimes(1)
    setOnline(false)
    setOnline(true)
    expect(sources).toHaveLength(2)
    rejectCheck(new Error('late'))
    await vi.advanceTimersByTimeAsync(0)
    expect(last().closed).toBe(false)
  })

  it('hands a reset on, and stops for good on stop()', async () => {
    const { connection, sources, resets, last } = setup()
    connection.start()
    last().send('reset', { id: 'evt_9' })
    expect(resets).toHaveBeenCalledTimes(1)
    last().failed()
    connection.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sources).toHaveLength(1)
  })

  it('drops frames that do not parse', () => {
    const { connection, events, last } = setup({ parse: () => null })
    connection.start()
    last().send('sale.created', { id: 'evt_1' })
    expect(events).toEqual([])
    expect(connection.lastEventId).toBeNull()
  })

  it('resumes from the id a tab that takes over was given', () => {
    const { connection, last } = setup({ lastEventId: 'evt_5' })
    connection.start()
    expect(last().url).toContain('lastEventId=evt_5')
  })
})
