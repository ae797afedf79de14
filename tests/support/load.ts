// A load of portal-like clients against one base URL (a balancer in front of several servers):
// each signs in, then loops over the portal's real mix of reads and writes until told to stop.
// Writes carry an Idempotency-Key and are retried with the same key, as the portal's outbox does,
// on any answer that may not have reached the server or may be worth another try (network error,
// 502, 503, 504, 409 in flight). Every write the client saw acknowledged goes into its log, so a
// check afterwards can find each one in the database exactly once.
import { randomBytes } from 'node:crypto'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'

export type WriteKind = 'link' | 'refund' | 'receipt'

export interface Ack {
  kind: WriteKind
  key: string
  // The created object's id (links, refunds); receipts answer with no id.
  id: string | null
}

export interface LoadResult {
  // Every HTTP answer the clients got, retries included, by status ('network' for none).
  answers: Record<string, number>
  // Answers after the client's own retries: what a person would have seen.
  seen: Record<string, number>
  // Latency of each operation as the client saw it (retries included), in ms, by operation.
  latencies: Record<string, number[]>
  // 503 and 409 answers by operation and error code, each retried by the client.
  retried: Record<string, number>
  // When each retried answer came (Date.now()), to tell which fault it belongs to.
  retriedAt: number[]
  // 4xx answers by operation ('refund 409'): refusals the mix expects (a refund above what is
  // left), or a sign of a broken request.
  refusals: Record<string, number>
  // Operations that ended in an error a person would see (5xx or no answer after retries).
  failures: { op: string; status: string; at: number }[]
  acks: Ack[]
  // Every write attempted, acknowledged or not: a key may exist in the database at most once.
  attempted: { kind: WriteKind; key: string }[]
  operations: number
  wallMs: number
}

export interface LoadOptions {
  url: string
  clients: number
  emails: string[]
  submerchantId: string
  // Clients start spread over this many ms, as people open the app over a minute, not at once.
  rampMs?: number
  // Give up retrying one operation after this long and count it as a failure.
  retryBudgetMs?: number
}

export interface Load {
  // Resolves when every client has stopped after stop() (or failed to sign in).
  done: Promise<LoadResult>
  stop(): void
  // Operations finished so far.
  progress(): number
}

const RETRYABLE = new Set(['network', '502', '503', '504', '409'])

type Op = (c: LoadClient) => Promise<void>

// Weights of the mix: mostly reads, as the portal's own traffic is.
const MIX: [string, number, Op][] = [
  ['sales list', 24, (c) => c.get(`/v1/sales?submerchantId=${c.account}&limit=25`)],
  [
    'sales filtered',
    8,
    (c) =>
      c.get(
        `/v1/sales?submerchantId=${c.account}&limit=25&sort=-saleAmount&capturedAt[$gte]=${monthAgo()}`,
      ),
  ],
  ['sale detail', 12, (c) => c.get(`/v1/sales/${c.pick(c.saleIds)}`)],
  ['links list', 12, (c) => c.get(`/v1/intents?submerchantId=${c.account}&limit=25`)],
  ['payouts list', 8, (c) => c.get(`/v1/payouts?submerchantId=${c.account}&limit=25`)],
  [
    'terminals list',
    6,
    (c) => c.get(`/v1/terminals?currentAllocation[submerchantId]=${c.account}&limit=25`),
  ],
  ['refresh', 4, (c) => c.refresh()],
  ['create link', 10, (c) => c.createLink()],
  ['refund', 8, (c) => c.refund()],
  ['receipt', 8, (c) => c.sendReceipt()],
]
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0)

class LoadClient {
  readonly cookies = new Map<string, string>()
  saleIds: string[] = []
  receiptIds: string[] = []
  private readonly device = `load-${randomBytes(6).toString('hex')}`

  constructor(
    private readonly opts: LoadOptions,
    private readonly result: LoadResult,
    readonly account: string,
    private readonly email: string,
  ) {}

  pick<T>(items: T[]): T {
    return items[Math.floor(Math.random() * items.length)]!
  }

  private async send(method: string, path: string, body?: unknown, key?: string) {
    const headers: Record<string, string> = {
      'X-Requested-With': 'portal',
      'Token-Perspective': this.account,
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (key) headers['Idempotency-Key'] = key
    try {
      const res = await fetch(`${this.opts.url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';')
        const eq = pair.indexOf('=')
        this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1))
      }
      const text = await res.text()
      return { status: String(res.status), res, text }
    } catch {
      return { status: 'network', res: null, text: '' }
    }
  }

  // One operation with the client's retries; returns the final answer's body.
  async call(op: string, method: string, path: string, body?: unknown, key?: string) {
    const started = performance.now()
    const deadline = started + (this.opts.retryBudgetMs ?? 20_000)
    for (;;) {
      const answer = await this.send(method, path, body, key)
      count(this.result.answers, answer.status)
      if (RETRYABLE.has(answer.status)) this.result.retriedAt.push(Date.now())
      if (answer.status === '503' || answer.status === '409') {
        const code = /"code":"(\w+)"/.exec(answer.text)?.[1] ?? '?'
        count(this.result.retried, `${op} ${answer.status} ${code}`)
      }
      const retry = RETRYABLE.has(answer.status) && performance.now() < deadline
      if (!retry) {
        count(this.result.seen, answer.status)
        if (answer.status.startsWith('4')) count(this.result.refusals, `${op} ${answer.status}`)
        ;(this.result.latencies[op] ??= []).push(performance.now() - started)
        if (answer.status === 'network' || Number(answer.status) >= 500) {
          this.result.failures.push({ op, status: answer.status, at: Date.now() })
        }
        return answer
      }
      const wait = Number(answer.res?.headers.get('Retry-After') ?? 0) * 1000
      await new Promise((done) => setTimeout(done, Math.min(Math.max(wait, 100), 1_000)))
    }
  }

  async get(path: string) {
    await this.call(path.split('?')[0]!.replace(/\/(sale|pay|int|trm|po)_\w+/, '/:id'), 'GET', path)
  }

  async signIn(): Promise<boolean> {
    const body = {
      type: 'refresh',
      grantType: 'password',
      emailAddress: this.email,
      password: DEMO_PASSWORD,
      deviceIdentifier: this.device,
    }
    const answer = await this.call('sign-in', 'POST', '/v1/tokens', body)
    if (answer.status !== '200') {
      // A refused sign-in would silently shrink the load: count it.
      if (Number(answer.status) < 500) {
        this.result.failures.push({ op: 'sign-in', status: answer.status, at: Date.now() })
      }
      return false
    }
    const sales = await this.call(
      'sales list',
      'GET',
      `/v1/sales?submerchantId=${this.account}&limit=100&sort=-capturedAt`,
    )
    // A list's body is a JSON array.
    const items = JSON.parse(sales.text || '[]') as {
      id: string
      receiptId?: string | null
      saleAmount: number
    }[]
    this.saleIds = items.filter((s) => s.saleAmount > 500).map((s) => s.id)
    this.receiptIds = items.flatMap((s) => (s.receiptId ? [s.receiptId] : []))
    return this.saleIds.length > 0
  }

  async refresh() {
    const body = { type: 'access', grantType: 'refresh_token', deviceIdentifier: this.device }
    await this.call('refresh', 'POST', '/v1/tokens', body)
  }

  private async write(kind: WriteKind, path: string, body: unknown, key: string) {
    this.result.attempted.push({ kind, key })
    const answer = await this.call(kind, 'POST', path, body, key)
    if (answer.status !== '201' && answer.status !== '200') return
    const id = (JSON.parse(answer.text || '{}') as { id?: string }).id ?? null
    this.result.acks.push({ kind, key, id })
  }

  async createLink() {
    const key = newKey()
    const body = {
      saleAmount: 1000 + Math.floor(Math.random() * 4000),
      currency: 'GBP',
      submerchantId: this.account,
      description: `load ${key}`,
      reference: `LD-${key.slice(0, 8)}`,
      customerName: 'Load Test',
    }
    await this.write('link', '/v1/intents', body, key)
  }

  async refund() {
    const key = newKey()
    const body = { amount: 1, refundReason: `load ${key}` }
    await this.write('refund', `/v1/sales/${this.pick(this.saleIds)}/refund-requests/`, body, key)
  }

  async sendReceipt() {
    if (this.receiptIds.length === 0) return this.refund()
    const key = newKey()
    const body = { channel: 'email', emailAddress: `r-${key}@example.com`, brand: 'metropay' }
    await this.write('receipt', `/v1/receipts/${this.pick(this.receiptIds)}/advice`, body, key)
  }
}

function monthAgo(): string {
  return new Date(Date.now() - 30 * 86_400_000).toISOString()
}

function newKey(): string {
  return randomBytes(12).toString('hex')
}

function count(into: Record<string, number>, key: string) {
  into[key] = (into[key] ?? 0) + 1
}

export function startLoad(opts: LoadOptions): Load {
  const result: LoadResult = {
    answers: {},
    seen: {},
    refusals: {},
    retried: {},
    retriedAt: [],
    latencies: {},
    failures: [],
    acks: [],
    attempted: [],
    operations: 0,
    wallMs: 0,
  }
  let stopped = false
  const started = performance.now()
  const runClient = async (index: number) => {
    const rampMs = opts.rampMs ?? 5_000
    await new Promise((done) => setTimeout(done, (rampMs * index) / opts.clients))
    const email = opts.emails[index % opts.emails.length]!
    const client = new LoadClient(opts, result, opts.submerchantId, email)
    if (!(await client.signIn())) return
    while (!stopped) {
      let roll = Math.random() * TOTAL_WEIGHT
      const entry = MIX.find(([, weight]) => (roll -= weight) < 0) ?? MIX[0]!
      await entry[2](client)
      result.operations += 1
    }
  }
  const done = Promise.all(Array.from({ length: opts.clients }, (_, i) => runClient(i))).then(
    () => {
      result.wallMs = performance.now() - started
      return result
    },
  )
  return {
    done,
    stop: () => {
      stopped = true
    },
    progress: () => result.operations,
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
