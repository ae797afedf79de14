/**
 * The event hub of one server process (docs/events.md#across-servers): it listens for committed
 * events, reads them once, and hands each to the open streams (sinks) that may see it.
 *
 * - Hearing: every transaction that records an event sends `NOTIFY portal_events, '<seq>'`, which
 *   the database delivers at commit to every listening connection: PostgreSQL to each server's
 *   dedicated connection, PGlite in process. Notifications heard in one turn are read in one query.
 * - A lost listening connection is opened again with backoff, then the hub reads what was committed
 *   meanwhile (every seq above the highest it handled, from the last minute), so no event is missed.
 * - Who may see what is the sink's business: the hub only matches the account and the types.
 * - Sessions end: every AUTH_SWEEP_MS one query re-reads the access token and the membership of
 *   every open stream; a revoked or expired token, or a lost membership, ends the stream, and a
 *   changed role re-computes what it may see.
 */
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { EventType } from '@/api/schema/event-values'
import type { Clock } from '../clock'
import type { Role } from '../context'
import { queryRows, type Database } from '../db/client'
import { EVENTS_CHANNEL } from '../domain/events'

export const AUTH_SWEEP_MS = 2_000
const CATCH_UP_WINDOW = '1 minute'
const RECONNECT_MAX_MS = 10_000

export interface StoredEvent {
  seq: number
  id: string
  submerchantId: string
  type: EventType
  createdAt: Date
  recordedAt: Date
  objectId: string
  data: Record<string, unknown>
}

export interface EventRow {
  seq: string | number
  id: string
  submerchant_id: string
  type: string
  created_at: Date | string
  recorded_at: Date | string
  object_id: string
  data: Record<string, unknown>
}

export const EVENT_COLUMNS =
  'seq, id, submerchant_id, type, created_at, recorded_at, object_id, data'

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    id: row.id,
    submerchantId: row.submerchant_id,
    type: row.type as EventType,
    createdAt: new Date(row.created_at),
    recordedAt: new Date(row.recorded_at),
    objectId: row.object_id,
    data: row.data,
  }
}

// What the sweep re-reads for a session's stream.
export interface SinkSession {
  tokenHash: string
  role: Role
}

export type EndReason = 'session_ended' | 'account_lost' | 'server_closing'

export interface EventSink {
  userId: string
  submerchantId: string
  ipAddress: string | null
  session: SinkSession
  // Whether this stream may carry events of the type (re-computed when the role changes).
  accepts(type: EventType): boolean
  deliver(event: StoredEvent): void
  // The role changed: the sink re-computes what it may see.
  roleChanged(role: Role): void
  end(reason: EndReason): void
}

interface SweepRow {
  i: number
  revoked_at: Date | string | null
  expires_at: Date | string | null
  role: Role | null
}

export class EventHub {
  private readonly sinks = new Set<EventSink>()
  private listening: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null
  private pgClient: pg.Client | null = null
  private pending: number[] = []
  private flushing: Promise<void> | null = null
  private highestSeq = 0
  private sweepTimer: NodeJS.Timeout | null = null
  private sweeping = false
  private closed = false
  private reconnectDelay = 250

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  get size(): number {
    return this.sinks.size
  }

  // Open streams of a person, and of an IP address (the caps of docs/events.md).
  count(filter: (sink: EventSink) => boolean): number {
    let n = 0
    for (const sink of this.sinks) if (filter(sink)) n++
    return n
  }

  // Starts listening (once) and adds the sink; the returned function removes it.
  async add(sink: EventSink): Promise<() => void> {
    if (this.closed) throw new Error('the event hub is closed')
    await this.listen()
    this.sinks.add(sink)
    this.sweepTimer ??= setInterval(() => void this.sweep(), AUTH_SWEEP_MS)
    return () => {
      this.sinks.delete(sink)
      if (this.sinks.size === 0 && this.sweepTimer) {
        clearInterval(this.sweepTimer)
        this.sweepTimer = null
      }
    }
  }

  // Ends every stream and stops listening (a server shutting down, or a test's end).
  async close(): Promise<void> {
    this.closed = true
    for (const sink of [...this.sinks]) sink.end('server_closing')
    this.sinks.clear()
    if (this.sweepTimer) clearInterval(this.sweepTimer)
    this.sweepTimer = null
    await this.unlisten?.().catch(() => undefined)
    this.unlisten = null
    await this.pgClient?.end().catch(() => undefined)
    this.pgClient = null
  }

  private listen(): Promise<void> {
    this.listening ??= this.startListening().catch((error: unknown) => {
      this.listening = null
      throw error
    })
    return this.listening
  }

  private async startListening(): Promise<void> {
    const [row] = await queryRows<{ seq: string | null }>(
      this.database,
      'select max(seq) as seq from events',
    )
    this.highestSeq = Math.max(this.highestSeq, Number(row?.seq ?? 0))
    if (this.database.kind === 'pglite') {
      const pglite = this.database.client as PGlite
      this.unlisten = await pglite.listen(EVENTS_CHANNEL, (payload) => this.heard(payload))
      return
    }
    await this.connectPg()
  }

  // A connection of its own, outside the pool: LISTEN holds it for the life of the process.
  private async connectPg(): Promise<void> {
    const pool = this.database.client as pg.Pool & { options: pg.ClientConfig }
    const client = new pg.Client(pool.options)
    client.on('notification', (message) => this.heard(message.payload ?? ''))
    client.on('error', () => this.reconnect(client))
    client.on('end', () => this.reconnect(client))
    await client.connect()
    await client.query(`listen ${EVENTS_CHANNEL}`)
    this.pgClient = client
    this.reconnectDelay = 250
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.pgClient !== lost) return
    this.pgClient = null
    const delay = this.reconnectDelay
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS)
    setTimeout(() => {
      if (this.closed) return
      this.connectPg()
        .then(() => this.catchUp())
        .catch(() => {
          this.pgClient = lost
          this.reconnect(lost)
        })
    }, delay).unref()
  }

  // What was committed while the hub was not listening.
  private async catchUp(): Promise<void> {
    const rows = await queryRows<EventRow>(
      this.database,
      `select ${EVENT_COLUMNS} from events
        where seq > $1 and recorded_at > now() - interval '${CATCH_UP_WINDOW}' order by seq`,
      [this.highestSeq],
    )
    this.dispatch(rows.map(toStoredEvent))
  }

  private heard(payload: string): void {
    const seq = Number(payload)
    if (!Number.isSafeInteger(seq) || seq <= 0) return
    this.pending.push(seq)
    if (!this.flushing) this.flushing = this.flush()
  }

  // Reads every event heard so far in one query, in seq order, then delivers it.
  private async flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve))
    try {
      while (this.pending.length > 0) {
        const seqs = this.pending
        this.pending = []
        if (this.sinks.size === 0) {
          this.highestSeq = Math.max(this.highestSeq, ...seqs)
          continue
        }
        const rows = await queryRows<EventRow>(
          this.database,
          `select ${EVENT_COLUMNS} from events where seq = any($1::bigint[]) order by seq`,
          [seqs],
        )
        this.dispatch(rows.map(toStoredEvent))
      }
    } catch (error) {
      console.error('Reading committed events failed', error)
    } finally {
      this.flushing = null
      if (this.pending.length > 0) this.flushing = this.flush()
    }
  }

  private dispatch(events: StoredEvent[]): void {
    for (const event of events) {
      this.highestSeq = Math.max(this.highestSeq, event.seq)
      for (const sink of this.sinks) {
        if (sink.submerchantId === event.submerchantId && sink.accepts(event.type)) {
          sink.deliver(event)
        }
      }
    }
  }

  // One query for every open stream: its token still valid, its membership still there.
  async sweep(): Promise<void> {
    if (this.sweeping || this.sinks.size === 0) return
    this.sweeping = true
    try {
      const sinks = [...this.sinks]
      const rows = await queryRows<SweepRow>(
        this.database,
        `select s.i::int as i, t.revoked_at, t.expires_at, su.submerchant_role as role
           from unnest($1::text[], $2::text[], $3::text[]) with ordinality as s(hash, account, usr, i)
           left join access_tokens t on t.token_hash = s.hash and t.user_id = s.usr
           left join submerchant_users su on su.user_id = s.usr and su.submerchant_id = s.account`,
        [
          sinks.map((sink) => sink.session.tokenHash),
          sinks.map((sink) => sink.submerchantId),
          sinks.map((sink) => sink.userId),
        ],
      )
      const now = this.clock.now().getTime()
      for (const row of rows) {
        const sink = sinks[row.i - 1]
        if (!sink || !this.sinks.has(sink)) continue
        const expires = row.expires_at === null ? 0 : new Date(row.expires_at).getTime()
        if (row.revoked_at !== null || expires <= now) sink.end('session_ended')
        else if (row.role === null) sink.end('account_lost')
        else if (row.role !== sink.session.role) {
          sink.session.role = row.role
          sink.roleChanged(row.role)
        }
      }
    } catch (error) {
      console.error('Re-checking open streams failed', error)
    } finally {
      this.sweeping = false
    }
  }
}

const hubs = new WeakMap<Database, EventHub>()

// The process's hub for this database, made on first use.
export function eventHub(database: Database, clock: Clock): EventHub {
  let hub = hubs.get(database)
  if (!hub) {
    hub = new EventHub(database, clock)
    hubs.set(database, hub)
  }
  return hub
}

// The hub if one was made (shutdown closes it; nothing to close otherwise).
export function existingEventHub(database: Database): EventHub | undefined {
  return hubs.get(database)
}
