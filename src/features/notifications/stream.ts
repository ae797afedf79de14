import type { AccountEvent } from '@/api/schema/events'
import { EVENT_TYPES } from '@/api/schema/event-values'

/**
 * One live stream (GET /v1/events/stream, docs/events.md#in-the-portal), with the portal's own
 * reconnects: every error closes the EventSource (so the browser's fixed-delay retry never runs),
 * then waits with exponential backoff and jitter, checks the session through the normal API path
 * (which refreshes an expired one, since an EventSource cannot see a 401) and opens it again with
 * `lastEventId`. Offline it waits for the connection instead of retrying.
 */

// The first retry waits about a second, doubling up to half a minute.
export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_MAX_MS = 30_000
// A stream that stayed open this long was healthy: the next failure starts the backoff again.
export const STABLE_OPEN_MS = 10_000
// Ids remembered to drop repeats (a resume re-reads a few seconds before its id).
export const SEEN_IDS_KEPT = 500

// 'Equal jitter': between half and all of the capped exponential delay, so tabs and devices that
// failed together do not come back together, and none retries at once.
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = BACKOFF_BASE_MS,
  maxMs = BACKOFF_MAX_MS,
): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt))
  return Math.round(cap / 2 + (random() * cap) / 2)
}

// The last `limit` ids seen, oldest forgotten first.
export class SeenIds {
  private readonly ids = new Set<string>()
  constructor(private readonly limit = SEEN_IDS_KEPT) {}

  // True the first time an id is seen.
  add(id: string): boolean {
    if (this.ids.has(id)) return false
    this.ids.add(id)
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value
      if (oldest !== undefined) this.ids.delete(oldest)
    }
    return true
  }

  has(id: string): boolean {
    return this.ids.has(id)
  }
}

// The part of EventSource the connection uses (a fake in tests).
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

export interface LiveConnectionDeps {
  // The stream's URL, resuming after `lastEventId` when there is one.
  url: (lastEventId: string | null) => string
  open: (url: string) => EventSourceLike
  // A frame's data checked against the event shape; null drops it.
  parse: (data: string) => AccountEvent | null
  onEvent: (event: AccountEvent) => void
  onReset: () => void
  onOpenChange: (open: boolean) => void
  // A cheap authenticated GET through api(): refreshes the session, rejects while it cannot.
  checkSession: () => Promise<unknown>
  isOnline: () => boolean
  // Calls back on every change of the online flag; returns the unsubscribe.
  subscribeOnline: (listener: () => void) => () => void
  // Where a tab that takes over from another resumes.
  lastEventId?: string | null
  random?: () => number
  now?: () => number
}

export interface LiveConnection {
  start(): void
  stop(): void
  readonly lastEventId: string | null
  // Streams opened so far (the reconnect tests count them).
  readonly opened: number
}

export function createLiveConnection(deps: LiveConnectionDeps): LiveConnection {
  const now = deps.now ?? Date.now
  let source: EventSourceLike | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let attempt = 0
  let openedAt: number | null = null
  let running = false
  let lastEventId = deps.lastEventId ?? null
  let opened = 0
  let unsubscribeOnline: (() => void) | null = null
  // Bumped by every close, so a session check that answers late does not open a second stream.
  let generation = 0

  function close(): void {
    generation += 1
    if (timer !== null) clearTimeout(timer)
    timer = null
    if (source) {
      source.onopen = null
      source.onerror = null
      source.close()
      source = null
    }
    if (openedAt !== null) {
      if (now() - openedAt >= STABLE_OPEN_MS) attempt = 0
      openedAt = null
      deps.onOpenChange(false)
    }
  }

  function frame(message: MessageEvent<string>): void {
    const event = deps.parse(message.data)
    if (!event) return
    lastEventId = message.lastEventId || event.id
    deps.onEvent(event)
  }

  function connect(): void {
    if (!running || source || !deps.isOnline()) return
    opened += 1
    const es = deps.open(deps.url(lastEventId))
    source = es
    es.onopen = () => {
      if (openedAt === null) deps.onOpenChange(true)
      openedAt = now()
    }
    es.onerror = () => fail()
    for (const type of EVENT_TYPES) es.addEventListener(type, frame)
    es.addEventListener('reset', (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId
      deps.onReset()
    })
  }

  // After a failure: wait, check the session, open again; offline, wait for the connection.
  function fail(): void {
    close()
    if (!running || !deps.isOnline()) return
    const wait = backoffDelay(attempt, deps.random)
    attempt += 1
    const mine = generation
    timer = setTimeout(() => {
      timer = null
      deps.checkSession().then(
        () => {
          if (mine === generation) connect()
        },
        () => {
          if (mine === generation) fail()
        },
      )
    }, wait)
  }

  function onOnlineChange(): void {
    if (!running) return
    if (!deps.isOnline()) {
      // Nothing can arrive; no retries until the connection is back.
      close()
      return
    }
    if (source || timer !== null) return
    attempt = 0
    connect()
  }

  return {
    start() {
      if (running) return
      running = true
      unsubscribeOnline = deps.subscribeOnline(onOnlineChange)
      connect()
    },
    stop() {
      running = false
      unsubscribeOnline?.()
      unsubscribeOnline = null
      close()
    },
    get lastEventId() {
      return lastEventId
    },
    get opened() {
      return opened
    },
  }
}
