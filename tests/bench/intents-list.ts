// Budget (issue 15): GET /v1/intents p95 ≤ 20 ms at 100,000+ payment links on PGlite, through the
// real app: the list, each filter of docs/api.md#payment-links, and the q search (limit 10), for the largest account.
import { queryRows } from '../../server/db/client'
import { timeListRequests, withSignedInBench } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface IntentsListResult extends TimingSummary {
  intents: number
  accountIntents: number
  requests: number
  byKind: Record<string, TimingSummary>
  broad: TimingSummary
}

// What the list screen and the search box ask for, in turn.
function queries(now: Date): [kind: string, query: string][] {
  const day = (days: number) =>
    encodeURIComponent(new Date(now.getTime() - days * 86_400_000).toISOString())
  return [
    ['list', 'sort=-createdAt&limit=10'],
    ['list page 50', 'sort=-createdAt&limit=10&offset=490'],
    ['status', 'status=expired&sort=-createdAt&limit=10'],
    ['status rare', 'status=requires_3ds_fingerprint&sort=-createdAt&limit=10'],
    ['reference', 'reference=BK-12345&sort=-createdAt&limit=10'],
    ['amount', 'amount=2500&sort=-createdAt&limit=10'],
    ['amount range', 'amount[$gte]=5000&amount[$lt]=6000&sort=-createdAt&limit=10'],
    [
      'createdAt range',
      `createdAt[$gte]=${day(90)}&createdAt[$lt]=${day(30)}&sort=-createdAt&limit=10`,
    ],
    ['succeededAt range', `succeededAt[$gte]=${day(60)}&sort=-createdAt&limit=10`],
    ['q', 'q=amelia&limit=10'],
    ['q reference', 'q=BK-123&limit=10'],
    // The last six digits of a customer's number, as a driver would type them.
    ['q phone', 'q=912345&limit=10'],
  ]
}

// Reported beside the budget, not in it: a q that matches most of the account's links (every
// seeded phone starts +4477009). docs/api.md#lists wants Total-Count exact up to 10,000 matches, so this
// one counts 10,001 rows on every call.
const BROAD_QUERY: [kind: string, query: string] = ['q broad', 'q=%2B4477009&limit=10']

export async function runIntentsListBench(opts: {
  sales: number
  rounds?: number
  dataDir?: string
}): Promise<IntentsListResult> {
  const rounds = opts.rounds ?? 20
  return withSignedInBench(opts, 'intents-bench-', async ({ database, client, sub, now }) => {
    const [counts] = await queryRows<{ all: number; mine: number }>(
      database,
      'select count(*)::int as all, count(*) filter (where submerchant_id = $1)::int as mine from intents',
      [sub],
    )
    const list = [...queries(now), BROAD_QUERY]
    const byKind = await timeListRequests(client, '/v1/intents', sub, list, rounds)
    const all = [...byKind].flatMap(([kind, t]) => (kind === BROAD_QUERY[0] ? [] : t))
    return {
      intents: counts?.all ?? 0,
      accountIntents: counts?.mine ?? 0,
      requests: all.length,
      ...summariseTimings(all),
      byKind: Object.fromEntries(
        [...byKind]
          .filter(([kind]) => kind !== BROAD_QUERY[0])
          .map(([kind, t]) => [kind, summariseTimings(t)]),
      ),
      broad: summariseTimings(byKind.get(BROAD_QUERY[0]) ?? []),
    }
  })
}
