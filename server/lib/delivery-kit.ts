/**
 * The delivery kit (docs/architecture.md#the-delivery-kit): what every queue of outbound work
 * shares — webhook notifications and push deliveries today, reminders next. A queue is a table of
 * rows with an `id` and a `next_attempt_at` (due when it is past; null once done or given up).
 *
 *   const work: DeliveryWork<Row> = {
 *     name: 'reminder delivery',
 *     claim: (now, leaseUntil, limit) => claimDue<Row>(db, { table: 'reminders', now, leaseUntil, limit }),
 *     deliverer: async (claimed) => async (row) => { …send, then record with nextAttemptAt(…) },
 *   }
 *   const loop = startDeliveryLoop(deps, deliveryOptions(DEFAULTS, opts), work)   // main.ts
 *   await deliveryRound(deps, options, work)                                     // a test's one round
 *
 * - Claim: one statement takes due rows with `FOR UPDATE SKIP LOCKED` and moves their
 *   `next_attempt_at` a lease ahead, so servers sharing a database never take the same row at once,
 *   and a server that dies mid-send loses nothing: the rows are due again when the lease ends.
 * - Send: `postTo` resolves and checks the receiver's address on an exposed server and connects to
 *   that checked address (server/lib/public-address.ts), with a timeout and a cap on the answer kept.
 * - Retry: `nextAttemptAt` gives the next try from a backoff with jitter, or what the receiver's
 *   Retry-After asks, and null (give up) past the attempts or the time window of the row.
 * - Rounds: the claimed rows are sent `concurrency` at a time, so one receiver that never answers
 *   holds one slot for its timeout and delays no other; the loop goes straight on while rows keep
 *   coming and pauses when a round found fewer than it could take.
 */
import http from 'node:http'
import https from 'node:https'
import { sql } from 'drizzle-orm'
import type { Deps } from '../context'
import type { Db } from '../db/client'
import { checkedTarget, pinnedLookup, systemResolver, type AddressGuard } from './public-address'

// The knobs of a delivery loop.
export interface DeliveryLoopOptions {
  // Rows claimed per round, and deliveries in flight at once.
  batchSize?: number
  concurrency?: number
  // Pause when nothing was due (real time).
  idleMs?: number
  // How long a claim holds its rows (sandbox clock); longer than the timeout.
  leaseSeconds?: number
  timeoutMs?: number
  random?: () => number
}

export function deliveryDefaults(
  leaseSeconds: number,
  timeoutMs: number,
): Required<DeliveryLoopOptions> {
  return {
    batchSize: 50,
    concurrency: 16,
    idleMs: 500,
    leaseSeconds,
    timeoutMs,
    random: Math.random,
  }
}

// An option given as undefined (an unset environment variable) keeps its default.
export function withDefaults<T extends object>(defaults: Required<T>, opts: T): Required<T> {
  const given = Object.entries(opts).filter(([, value]) => value !== undefined)
  return { ...defaults, ...Object.fromEntries(given) }
}

// Works through the items with at most `size` at once.
export async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

// ---- Claim ----

export interface ClaimSpec {
  // The queue's table (a constant of the caller, never input).
  table: string
  now: Date
  leaseUntil: Date
  limit: number
  // What to return, as a select over `claimed` (the claimed rows, every column), joins allowed;
  // a constant of the caller. Default: the claimed rows themselves.
  select?: string
}

// Takes up to `limit` due rows for this server until `leaseUntil` and returns them (`select`).
export async function claimDue<Row extends Record<string, unknown>>(
  db: Db,
  spec: ClaimSpec,
): Promise<Row[]> {
  const table = sql.identifier(spec.table)
  const result = await db.execute<Row>(sql`
    with due as (
      select id from ${table}
      where next_attempt_at <= ${spec.now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${spec.limit}
      for update skip locked
    ), claimed as (
      update ${table} d
      set next_attempt_at = ${spec.leaseUntil.toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.*
    )
    ${sql.raw(spec.select ?? 'select * from claimed')}`)
  return result.rows
}

// ---- Retry ----

export interface RetryPolicy {
  // The wait after the n-th failed attempt (n ≥ 1), before jitter.
  backoffMs: (attemptsMade: number) => number
  // Attempts before giving up (Infinity: only the window ends it).
  maxAttempts: number
  // No try later than this after the row was made.
  windowMs: number
  // The longest wait a receiver's Retry-After may ask for.
  maxRetryAfterSeconds: number
}

/**
 * When to try again after `attemptsMade` attempts: what Retry-After asked (at least 1 s, at most the
 * policy's cap), else the backoff ±10 % jitter so a recovering receiver is not hit by every sender at
 * once; null (give up) once the attempts are used up or the time is past the window.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  attempt: { attemptsMade: number; createdAt: Date; now: Date; retryAfterSeconds?: number | null },
  random: () => number = Math.random,
): Date | null {
  if (attempt.attemptsMade >= policy.maxAttempts) return null
  const retryAfter = attempt.retryAfterSeconds ?? null
  const waitMs =
    retryAfter === null
      ? policy.backoffMs(attempt.attemptsMade) * (0.9 + 0.2 * random())
      : Math.min(Math.max(retryAfter, 1), policy.maxRetryAfterSeconds) * 1000
  const at = new Date(attempt.now.getTime() + waitMs)
  return at.getTime() - attempt.createdAt.getTime() > policy.windowMs ? null : at
}

// Retry-After as seconds or an HTTP date (RFC 9110); null when absent or unreadable.
export function retryAfterSeconds(
  header: string | null | undefined,
  realNow = Date.now(),
): number | null {
  if (!header) return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - realNow) / 1000))
}

// ---- Send ----

// The server's guard for outbound requests: exposed or not, and its resolver (tests inject one).
export function addressGuardOf(deps: Deps): AddressGuard {
  return { exposed: deps.config.exposed === true, resolve: deps.resolveHost ?? systemResolver }
}

export interface Answer {
  status: number
  headers: Record<string, string>
  // At most `maxAnswerBytes` of the body, as UTF-8 (a cut character reads as U+FFFD).
  body: string
}

export interface PostOptions {
  headers: Record<string, string>
  body: string | Uint8Array
  timeoutMs: number
  // Bytes of the answer's body kept; the rest is not read.
  maxAnswerBytes: number
  guard: AddressGuard
}

const httpAgent = new http.Agent({ keepAlive: true })
const httpsAgent = new https.Agent({ keepAlive: true })

/**
 * One POST, redirects not followed. Throws on a refused address (NotPublicError), a timeout (the
 * whole exchange, answer included) or a network error: the caller counts those as "no answer".
 */
export async function postTo(url: string, options: PostOptions): Promise<Answer> {
  const parsed = new URL(url)
  const target = await checkedTarget(parsed, options.guard)
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body
  const send = parsed.protocol === 'https:' ? https.request : http.request
  return new Promise<Answer>((resolve, reject) => {
    const request = send(
      parsed,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(body.byteLength) },
        signal: AbortSignal.timeout(options.timeoutMs),
        // Kept-alive connections are reused per name: each was made to an address checked then.
        agent: parsed.protocol === 'https:' ? httpsAgent : httpAgent,
        lookup: pinnedLookup(target),
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        let finished = false
        const done = () => {
          if (finished) return
          finished = true
          const text = Buffer.concat(chunks).subarray(0, options.maxAnswerBytes).toString('utf8')
          resolve({ status: response.statusCode ?? 0, headers: flatHeaders(response), body: text })
        }
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.byteLength
          // More than is kept: the rest is not read (the connection goes, not back to the pool).
          if (size > options.maxAnswerBytes) {
            response.destroy()
            done()
          }
        })
        response.on('end', done)
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

function flatHeaders(response: http.IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  )
}

// ---- Rounds and the loop ----

export interface DeliveryWork<T> {
  // Named in the log line of a failed round.
  name: string
  // Takes up to `limit` due rows until `leaseUntil` (claimDue).
  claim: (now: Date, leaseUntil: Date, limit: number) => Promise<T[]>
  // Reads what the round's rows share (their endpoints, a key) once, and returns the delivery of
  // one row: send it and record the outcome.
  deliverer: (claimed: T[], now: Date) => Promise<(item: T) => Promise<void>>
}

// One round: claim what is due, deliver it `concurrency` at a time. Returns how many were claimed.
export async function deliveryRound<T>(
  deps: Deps,
  options: Required<DeliveryLoopOptions>,
  work: DeliveryWork<T>,
): Promise<number> {
  await deps.clock.sync?.()
  const now = deps.clock.now()
  const leaseUntil = new Date(now.getTime() + options.leaseSeconds * 1000)
  const claimed = await work.claim(now, leaseUntil, options.batchSize)
  if (claimed.length === 0) return 0
  const deliver = await work.deliverer(claimed, now)
  await inPool(claimed, options.concurrency, deliver)
  return claimed.length
}

export interface WorkLoop {
  stop(): Promise<void>
}

// Runs rounds until stopped: straight on while rows keep coming, else after a short pause.
export function startDeliveryLoop<T>(
  deps: Deps,
  options: Required<DeliveryLoopOptions>,
  work: DeliveryWork<T>,
): WorkLoop {
  return startWorkLoop(() => deliveryRound(deps, options, work), {
    batchSize: options.batchSize,
    idleMs: options.idleMs,
    name: work.name,
  })
}

export interface WorkLoopOptions {
  // A round that claimed this many goes straight on: more are probably due.
  batchSize: number
  // Pause when a round found less (real time).
  idleMs: number
  // Named in the log line of a failed round.
  name: string
}

// Runs `round` (which returns how many rows it claimed) until stopped: straight on while rows keep
// coming, else after a short pause. stop() wakes a pausing loop and waits for its round to end.
export function startWorkLoop(round: () => Promise<number>, options: WorkLoopOptions): WorkLoop {
  let stopped = false
  let wake: (() => void) | null = null
  const run = async () => {
    while (!stopped) {
      let claimed = 0
      try {
        claimed = await round()
      } catch (error) {
        // A database hiccup must not end the loop; the rows stay due.
        console.error(`${options.name} round failed:`, (error as Error).name)
      }
      if (claimed < options.batchSize && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = null
      }
    }
  }
  const running = run()
  return {
    async stop() {
      stopped = true
      ;(wake as (() => void) | null)?.()
      await running
    },
  }
}
