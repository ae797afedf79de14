/**
 * GET /v1/events/stream (docs/events.md#api): one account's events as Server-Sent Events.
 *
 * - Resume: `Last-Event-ID` (or `lastEventId`) replays, in seq order, every event of the account
 *   numbered after that one (up to 24 hours back). On PostgreSQL transactions commit in any order,
 *   so an event numbered before the last one seen may have committed after it: those written in
 *   RESUME_SLACK before it are sent again too, and the client drops ids it has shown. PGlite runs
 *   one transaction at a time, so there numbers are commit order and nothing is sent twice. An id
 *   the account does not have, or one older than 24 hours, gives one `reset` frame, then the
 *   stream goes on live.
 * - Live events that arrive while the replay is read are held, then sent after it without repeats.
 * - A comment every 25 s keeps proxies from closing an idle stream.
 * - The hub's sweep ends the stream when the session ends or the account is lost; the role rule
 *   (visibleEventTypes) is applied to every frame and re-computed when the role changes.
 */
import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import { getCookie } from 'hono/cookie'
import {
  EVENT_HEARTBEAT_MS,
  EVENT_RESUME_WINDOW_MS,
  type EventType,
} from '@/api/schema/event-values'
import { EventId } from '@/api/schema/events'
import { visibleEventTypes, type AccessSubject } from '@/policy/access'
import { accessSubjectFor } from '../auth/access'
import { sha256 } from '../auth/random'
import { DEFAULT_STREAM_CAPS } from '../config'
import type { AppEnv, Role } from '../context'
import { queryRows } from '../db/client'
import { serializeEvent } from '../domain/event-feed'
import { badRequest, forbidden, HttpError } from '../errors'
import { clientIp } from '../lib/client-ip'
import { refuseQuery } from '../lib/whole-list'
import { ACCESS_COOKIE, requireAuth } from '../middleware/auth'
import { perspectiveFromQuery } from '../middleware/perspective'
import {
  EVENT_COLUMNS,
  eventHub,
  toStoredEvent,
  type EndReason,
  type EventRow,
  type EventSink,
  type StoredEvent,
} from './hub'

const RESUME_SLACK = '10 seconds'
const REPLAY_LIMIT = 1_000
// Ids a stream remembers having sent, to send none twice.
const SENT_MEMORY = 2_000
export const TOO_MANY_STREAMS = 'Too many open event streams'
const QUERY_KEYS = ['submerchantId', 'lastEventId']

function lastEventIdOf(c: Context<AppEnv>): string | null {
  const given = c.req.header('last-event-id') ?? c.req.query('lastEventId')
  if (given === undefined || given === '') return null
  if (!EventId.allows(given)) {
    throw badRequest('Last-Event-ID is not an event id', [
      { field: 'lastEventId', messages: ['must be an event id (evt_…)'] },
    ])
  }
  return given
}

type Resume = { kind: 'live' } | { kind: 'reset' } | { kind: 'replay'; events: StoredEvent[] }

async function resumeFrom(
  c: Context<AppEnv>,
  submerchantId: string,
  lastEventId: string | null,
): Promise<Resume> {
  if (lastEventId === null) return { kind: 'live' }
  const database = c.get('deps').db
  const [last] = await queryRows<{ seq: string; recorded_at: Date | string }>(
    database,
    'select seq, recorded_at from events where id = $1 and submerchant_id = $2',
    [lastEventId, submerchantId],
  )
  const oldest = Date.now() - EVENT_RESUME_WINDOW_MS
  if (!last || new Date(last.recorded_at).getTime() < oldest) return { kind: 'reset' }
  const reordered =
    database.kind === 'postgres'
      ? `or (seq < $2 and recorded_at >= $3::timestamptz - interval '${RESUME_SLACK}')`
      : ''
  const rows = await queryRows<EventRow>(
    database,
    `select ${EVENT_COLUMNS} from events
      where submerchant_id = $1 and (seq > $2 ${reordered})
      order by seq limit ${REPLAY_LIMIT + 1}`,
    database.kind === 'postgres'
      ? [submerchantId, last.seq, new Date(last.recorded_at).toISOString()]
      : [submerchantId, last.seq],
  )
  // Further behind than one replay holds: the client reloads instead.
  if (rows.length > REPLAY_LIMIT) return { kind: 'reset' }
  return { kind: 'replay', events: rows.map(toStoredEvent) }
}

function assertCaps(c: Context<AppEnv>, userId: string, ip: string): void {
  const { db, clock, config } = c.get('deps')
  const caps = config.streamCaps ?? DEFAULT_STREAM_CAPS
  const hub = eventHub(db, clock)
  const mine = hub.count((sink) => sink.userId === userId)
  const fromIp = hub.count((sink) => sink.ipAddress === ip)
  if (mine >= caps.perUser || fromIp >= caps.perIp) {
    throw new HttpError(429, TOO_MANY_STREAMS, 'too_many_streams', undefined, 5)
  }
}

// An event's frame, made and encoded once however many streams carry it (the hub hands every stream the same
// object).
const frames = new WeakMap<StoredEvent, Uint8Array>()
const encoder = new TextEncoder()
function frameOf(event: StoredEvent): Uint8Array {
  let bytes = frames.get(event)
  if (bytes === undefined) {
    bytes = encoder.encode(
      `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(serializeEvent(event))}\n\n`,
    )
    frames.set(event, bytes)
  }
  return bytes
}

// One open stream: what it may see, what it has sent, and how it ends.
class StreamSink implements EventSink {
  private types: Set<EventType>
  private readonly sent = new Set<string>()
  private held: StoredEvent[] | null = []
  private chain: Promise<unknown> = Promise.resolve()
  private resolveEnded!: () => void
  readonly ended = new Promise<void>((resolve) => (this.resolveEnded = resolve))
  endReason: EndReason | null = null

  constructor(
    readonly userId: string,
    readonly submerchantId: string,
    readonly ipAddress: string,
    readonly session: { tokenHash: string; role: Role },
    private readonly subject: AccessSubject,
    private readonly stream: SSEStreamingApi,
  ) {
    this.types = new Set(visibleEventTypes(subject))
  }

  accepts(type: EventType): boolean {
    return this.types.has(type)
  }

  roleChanged(role: Role): void {
    this.types = new Set(visibleEventTypes({ ...this.subject, role }))
  }

  deliver(event: StoredEvent): void {
    if (this.held) this.held.push(event)
    else this.send(event)
  }

  // Sends the replay, then what arrived meanwhile, then goes live.
  release(replay: StoredEvent[]): void {
    for (const event of replay) this.send(event)
    const held = this.held ?? []
    this.held = null
    for (const event of held) this.send(event)
  }

  frame(write: () => Promise<unknown>): void {
    this.chain = this.chain.then(write).catch(() => this.end('server_closing'))
  }

  private send(event: StoredEvent): void {
    if (this.endReason || this.sent.has(event.id) || !this.accepts(event.type)) return
    this.sent.add(event.id)
    if (this.sent.size > SENT_MEMORY) {
      const oldest = this.sent.values().next().value
      if (oldest !== undefined) this.sent.delete(oldest)
    }
    const bytes = frameOf(event)
    this.frame(() => this.stream.write(bytes))
  }

  end(reason: EndReason): void {
    if (this.endReason) return
    this.endReason = reason
    this.resolveEnded()
  }
}

export async function openEventStream(c: Context<AppEnv>): Promise<Response> {
  refuseQuery(c, QUERY_KEYS)
  const auth = requireAuth(c)
  const submerchantId = await perspectiveFromQuery(c)
  const lastEventId = lastEventIdOf(c)
  const subject = await accessSubjectFor(c)
  const token = getCookie(c, ACCESS_COOKIE)
  if (auth.via !== 'session' || !token || subject.role === null) {
    throw forbidden('Only a signed-in member can open the event stream', 'forbidden')
  }
  const ip = clientIp(c)
  assertCaps(c, auth.userId, ip)
  const deps = c.get('deps')
  const hub = eventHub(deps.db, deps.clock)
  const role = subject.role
  c.header('X-Accel-Buffering', 'no')
  return streamSSE(c, async (stream) => {
    const sink = new StreamSink(
      auth.userId,
      submerchantId,
      ip,
      { tokenHash: sha256(token), role },
      subject,
      stream,
    )
    stream.onAbort(() => sink.end('server_closing'))
    const remove = await hub.add(sink)
    const heartbeat = setInterval(
      () => sink.frame(() => stream.write(': hb\n\n')),
      EVENT_HEARTBEAT_MS,
    )
    try {
      // The first bytes tell the client (and any proxy) that the stream is open.
      sink.frame(() => stream.write(': open\n\n'))
      const resume = await resumeFrom(c, submerchantId, lastEventId)
      if (resume.kind === 'reset') {
        sink.frame(() => stream.writeSSE({ event: 'reset', data: '{}' }))
      }
      sink.release(resume.kind === 'replay' ? resume.events : [])
      await sink.ended
    } finally {
      clearInterval(heartbeat)
      remove()
    }
    if (sink.endReason === 'session_ended' || sink.endReason === 'account_lost') {
      await stream
        .writeSSE({ event: 'end', data: JSON.stringify({ reason: sink.endReason }) })
        .catch(() => undefined)
    }
  })
}
