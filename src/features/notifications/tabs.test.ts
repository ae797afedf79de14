import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountEvent } from '@/api/schema/events'
import type { LiveConnection } from '@/features/notifications/stream'
import { startSharedLive, type SharedLiveOptions } from '@/features/notifications/tabs'

// Web Locks' exclusive mode: one holder per name, the others queue in order (or leave by abort).
function fakeLocks(): LockManager {
  const queues = new Map<string, (() => void)[]>()
  const held = new Set<string>()
  const next = (name: string) => {
    const queue = queues.get(name) ?? []
    const grant = queue.shift()
    if (grant) grant()
    else held.delete(name)
  }
  return {
    request: ((name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) =>
      new Promise<unknown>((resolve, reject) => {
        const run = () => {
          held.add(name)
          Promise.resolve(callback({ name, mode: 'exclusive' } as Lock))
            .then(resolve, reject)
            .finally(() => next(name))
        }
        if (!held.has(name)) return run()
        const queue = queues.get(name) ?? []
        queue.push(run)
        queues.set(name, queue)
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(run)
          if (at >= 0) queue.splice(at, 1)
          reject(new DOMException('aborted', 'AbortError'))
        })
      })) as LockManager['request'],
    query: () => Promise.resolve({ held: [], pending: [] }),
  }
}

interface FakeStream {
  lastEventId: string | null
  handlers: Parameters<SharedLiveOptions['connect']>[0]
  stopped: boolean
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function tab(locks: LockManager | undefined, streams: FakeStream[]) {
  const events: string[] = []
  const open: boolean[] = []
  const onReset = vi.fn()
  const stop = startSharedLive({
    name: 'portal:live:user_1:sub_a',
    locks,
    createChannel: (name) => new BroadcastChannel(name),
    connect: (handlers) => {
      const stream: FakeStream = { lastEventId: handlers.lastEventId, handlers, stopped: false }
      streams.push(stream)
      return {
        start: () => undefined,
        stop: () => {
          stream.stopped = true
          handlers.onOpenChange(false)
        },
        lastEventId: null,
        opened: 1,
      } satisfies LiveConnection
    },
    onEvent: (event) => events.push(event.id),
    onReset,
    onOpenChange: (value) => open.push(value),
  })
  stops.push(stop)
  return { events, open, onReset, stop }
}

const evt = (id: string) => ({ id, type: 'sale.created', submerchantId: 'sub_a' }) as AccountEvent
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('startSharedLive', () => {
  it('opens one stream for two tabs and relays each event to both, once', async () => {
    const locks = fakeLocks()
    const streams: FakeStream[] = []
    const first = tab(locks, streams)
    const second = tab(locks, streams)
    await settle()
    expect(streams).toHaveLength(1)
    const leader = streams[0] as FakeStream
    leader.handlers.onOpenChange(true)
    leader.handlers.onEvent(evt('evt_1'))
    leader.handlers.onEvent(evt('evt_1'))
    leader.handlers.onEvent(evt('evt_2'))
    leader.handlers.onReset()
    await settle()
    expect(first.events).toEqual(['evt_1', 'evt_2'])
    expect(second.events).toEqual(['evt_1', 'evt_2'])
    expect(second.open.at(-1)).toBe(true)
    expect(second.onReset).toHaveBeenCalledTimes(1)
  })

  it('hands the stream to the next tab when the leader goes, resuming after the last id', async () => {
    const locks = fakeLocks()
    const streams: FakeStream[] = []
    const first = tab(locks, streams)
    const second = tab(locks, streams)
    await settle()
    streams[0]?.handlers.onEvent(evt('evt_4'))
    await settle()
    first.stop()
    await settle()
    expect(streams[0]?.stopped).toBe(true)
    expect(streams).toHaveLength(2)
    expect(streams[1]?.lastEventId).toBe('evt_4')
    // The new leader's repeat of an event already heard is dropped.
    streams[1]?.handlers.onEvent(evt('evt_4'))
    streams[1]?.handlers.onEvent(evt('evt_5'))
    expect(second.events).toEqual(['evt_4', 'evt_5'])
  })

  it('tells a tab that joins late whether the stream is open', async () => {
    const locks = fakeLocks()
    const streams: FakeStream[] = []
    tab(locks, streams)
    await settle()
    streams[0]?.handlers.onOpenChange(true)
    const late = tab(locks, streams)
    await settle()
    expect(late.open).toEqual([true])
  })

  it('gives each tab its own stream without Web Locks', async () => {
    const streams: FakeStream[] = []
    tab(undefined, streams)
    tab(undefined, streams)
    expect(streams).toHaveLength(2)
  })
})
