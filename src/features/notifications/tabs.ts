import type { AccountEvent } from '@/api/schema/events'
import { SeenIds, type LiveConnection } from '@/features/notifications/stream'

/**
 * One stream for all the visible tabs of a person on an account: the tab holding the Web Lock
 * `name` opens it and relays each frame on a BroadcastChannel of the same name; the others listen.
 * A tab that is hidden or closed lets the lock go, and the next visible tab takes over, resuming
 * from the last id it heard. Without Web Locks or BroadcastChannel, each tab has its own stream.
 */

type Message =
  | { kind: 'event'; event: AccountEvent }
  | { kind: 'reset' }
  | { kind: 'open'; open: boolean }
  | { kind: 'hello' }

export interface SharedLiveOptions {
  name: string
  // Opens this tab's stream when it leads, resuming after the given id.
  connect: (handlers: {
    lastEventId: string | null
    onEvent: (event: AccountEvent) => void
    onReset: () => void
    onOpenChange: (open: boolean) => void
  }) => LiveConnection
  // What this tab does with an event (each id once), a reset and the stream's state.
  onEvent: (event: AccountEvent) => void
  onReset: () => void
  onOpenChange: (open: boolean) => void
  locks?: LockManager | undefined
  createChannel?: ((name: string) => BroadcastChannel) | undefined
  // What this tab heard before (kept while it was hidden), so it resumes where it stopped.
  memory?: LiveMemory
}

export interface LiveMemory {
  seen: SeenIds
  lastEventId: string | null
}

export function newLiveMemory(): LiveMemory {
  return { seen: new SeenIds(), lastEventId: null }
}

export function startSharedLive(options: SharedLiveOptions): () => void {
  const memory = options.memory ?? newLiveMemory()
  let leading = false
  let open = false

  const receive = (event: AccountEvent) => {
    memory.lastEventId = event.id
    if (memory.seen.add(event.id)) options.onEvent(event)
  }
  const setOpen = (value: boolean) => {
    open = value
    options.onOpenChange(value)
  }

  const lead = (relay: (message: Message) => void) =>
    options.connect({
      lastEventId: memory.lastEventId,
      onEvent: (event) => {
        relay({ kind: 'event', event })
        receive(event)
      },
      onReset: () => {
        relay({ kind: 'reset' })
        options.onReset()
      },
      onOpenChange: (value) => {
        relay({ kind: 'open', open: value })
        setOpen(value)
      },
    })

  const locks = options.locks
  const createChannel = options.createChannel
  if (!locks || !createChannel) {
    const connection = lead(() => undefined)
    connection.start()
    return () => connection.stop()
  }

  const channel = createChannel(options.name)
  let closed = false
  const post = (message: Message) => {
    if (!closed) channel.postMessage(message)
  }
  channel.onmessage = (message: MessageEvent<Message>) => {
    const data = message.data
    if (data.kind === 'hello') {
      if (leading) post({ kind: 'open', open })
    } else if (leading) {
      // Another leader cannot exist under one lock; a late message of the previous one is stale.
      return
    } else if (data.kind === 'event') receive(data.event)
    else if (data.kind === 'reset') options.onReset()
    else setOpen(data.open)
  }
  post({ kind: 'hello' })

  const abort = new AbortController()
  let release: (() => void) | null = null
  let connection: LiveConnection | null = null
  locks
    .request(options.name, { signal: abort.signal }, async () => {
      if (abort.signal.aborted) return
      leading = true
      connection = lead(post)
      connection.start()
      await new Promise<void>((resolve) => {
        release = resolve
      })
    })
    .catch(() => {
      // Aborted while waiting: this tab was hidden or closed before its turn.
    })

  return () => {
    abort.abort()
    connection?.stop()
    connection = null
    leading = false
    closed = true
    channel.close()
    release?.()
    if (open) setOpen(false)
  }
}
