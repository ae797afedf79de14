// Budgets (issue 33): GET /v1/activity p95 ≤ 20 ms at 1,000,000 activity rows on PGlite, for the
// requests the /team/activity screen sends; and writing an activity row adds ≤ 1 ms p95 to its change.
//
// How the write is measured: the API key enable/disable change the route makes (read the key, set
// isEnabled) runs in its own transaction, in alternate rounds with and without the activity row
// written by recordActivity, the statement the route's audited() adds. Reported: the change's p95
// both ways (each including its commit), their difference (the budget), and beside it the row
// statement's own p95, timed inside the change.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { ACTIVITY_LIST } from '../../src/features/team/activity-spec'
import { listQueryString } from '../../src/api/list-query'
import type { ListSearch } from '../../src/lib/list-search'
import { toListParams, toListQuery } from '../../src/lib/list-view'
import { execRaw, migrate, openDatabase, queryRows, type Database } from '../../server/db/client'
import { recordActivity } from '../../server/domain/activity'
import { findOwnApiKey, setApiKeyEnabled } from '../../server/domain/api-keys'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { SEED_SUBMERCHANTS, SEED_USERS } from '../../server/seed/ids'
import { seed } from '../../server/seed/index'
import { Client, makeDistDir } from '../api/auth-harness'
import { createBenchApp, timeListRequests } from './bench-app'
import { summariseTimings, type TimingSummary } from './bench-stats'

export interface ActivityBenchResult {
  rows: number
  accountRows: number
  fillSeconds: number
  loadBefore: number
  loadAfter: number
  list: TimingSummary & { requests: number }
  byKind: Record<string, TimingSummary>
  write: {
    changes: number
    withRow: TimingSummary
    withoutRow: TimingSummary
    rowStatement: TimingSummary
    added: number
  }
}

const ACCOUNT = SEED_SUBMERCHANTS.cityCabs
// The read account holds this share of the rows; the rest are spread over the other accounts.
const ACCOUNT_SHARE = 0.8

// Common actions weigh more, so that rare ones (a few thousand rows) make the list count exactly.
const WEIGHTED_ACTIONS: [action: string, weight: number][] = [
  ['payment_link.created', 10],
  ['refund.requested', 4],
  ['receipt.sent', 4],
  ['payment_link.resent', 3],
  ['payment_link.edited', 2],
  ['payment_link.cancelled', 2],
  ['payment_link.captured', 2],
  ['refund.edited', 1],
  ['refund.deleted', 1],
  ['payment_link.reset', 1],
  ['payment_link.deleted', 1],
  ['api_key.created', 1],
  ['api_key.disabled', 1],
  ['webhook_endpoint.rotated', 1],
  ['webhook_endpoint.test_sent', 1],
  ['member.invited', 1],
  ['member.role_changed', 1],
  ['member.removed', 1],
  ['user.password_changed', 1],
]
// A SQL array literal of the weighted actions (constants of this file, no outside text).
const ACTIONS_SQL = `array[${WEIGHTED_ACTIONS.flatMap(([action, weight]) => Array<string>(weight).fill(`'${action}'`)).join(',')}]`

/**
 * One set-based INSERT … SELECT per account: `count` rows, one every `spacing` seconds back from
 * now, by the account's members and API keys in turn, 1 in 50 refused, edits with a before → after.
 */
async function fillAccount(database: Database, submerchantId: string, count: number, salt: number) {
  const spacing = (2 * 365 * 86_400) / count
  await queryRows(
    database,
    `with actors as (
       select array_agg(kind order by id) as kinds, array_agg(id order by id) as ids,
              array_agg(name order by id) as names, count(*)::int as n
       from (
         select 'user' as kind, u.id, u.display_name as name
         from submerchant_users su join users u on u.id = su.user_id where su.submerchant_id = $1
         union all
         select 'api_key', k.id, coalesce(k.name, k.identifier) from api_keys k where k.submerchant_id = $1
       ) a
     ), src as (
       select g, abs(hashint4(g + $4)) as h1, abs(hashint4(g * 31 + $4)) as h2,
              now() - make_interval(secs => g * $3::float8) as at
       from generate_series(1, $2::int) g
     )
     insert into activity_events (id, submerchant_id, occurred_at, actor_type, actor_id, actor_name,
       action, outcome, object_type, object_id, object_label, ip_address, device, changes)
     select 'act_' || lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0')
              || lpad(to_hex($4), 4, '0') || lpad(to_hex(g), 8, '0'),
            $1, at, a.kinds[1 + h1 % a.n], a.ids[1 + h1 % a.n], a.names[1 + h1 % a.n],
            act.action, case when h2 % 50 = 0 then 'refused' else 'done' end,
            split_part(act.action, '.', 1), 'obj_' || to_hex(h2), 'Object ' || (h2 % 100000),
            '203.0.113.' || (h2 % 250),
            (array['Chrome on Android', 'Safari on iOS', 'Chrome on Windows', 'Firefox on Linux'])[1 + h2 % 4],
            case when act.action like '%.edited'
              then jsonb_build_array(jsonb_build_object('field', 'amount', 'before', h2 % 9000, 'after', h1 % 9000))
              else '[]'::jsonb end
     from src, actors a,
          lateral (select (${ACTIONS_SQL})[1 + (src.h2 / 7) % cardinality(${ACTIONS_SQL})] as action) act`,
    [submerchantId, count, spacing, salt],
  )
}

export async function fillActivity(database: Database, rows: number): Promise<number> {
  const accounts = await queryRows<{ id: string }>(
    database,
    'select distinct submerchant_id as id from submerchant_users where submerchant_id <> $1 order by 1',
    [ACCOUNT],
  )
  const mine = Math.round(rows * ACCOUNT_SHARE)
  await fillAccount(database, ACCOUNT, mine, 0)
  const rest = rows - mine
  for (const [index, { id }] of accounts.entries()) {
    const share = Math.floor(rest / accounts.length) + (index < rest % accounts.length ? 1 : 0)
    if (share > 0) await fillAccount(database, id, share, index + 1)
  }
  // As the seed does: the visibility map set, so that paging walks the indexes alone.
  await execRaw(database, 'vacuum analyze activity_events')
  return mine
}

// The requests the activity screen sends, built from its own list declaration (ten a page).
function screenQueries(people: { owner: string; manager: string }, keyId: string) {
  const views: [kind: string, search: ListSearch][] = [
    ['newest first', {}],
    ['page 2', { page: 2 }],
    ['deep page (500)', { page: 500 }],
    ['oldest first', { sort: 'occurredAt' }],
    ['by person (name)', { sort: 'actorName' }],
    ['by person (name, desc)', { sort: '-actorName' }],
    ['person', { actorId: people.manager }],
    ['person page 50', { actorId: people.owner, page: 50 }],
    ['API key', { actorId: keyId }],
    ['action', { action: 'payment_link.created' }],
    ['action rare', { action: 'member.removed' }],
    ['refused', { outcome: 'refused' }],
    ['previous 7 days', { period: 'previous_7_days' }],
    ['last month', { period: 'last_month' }],
    ['custom days', { period: 'custom', start: '2026-03-01', end: '2026-03-14' }],
    ['this year, by person', { period: 'this_year', sort: 'actorName' }],
    [
      'person + action + 30 days',
      { actorId: people.owner, action: 'refund.requested', period: 'previous_30_days' },
    ],
    ['action + refused', { action: 'refund.requested', outcome: 'refused' }],
  ]
  return views.map(([kind, search]) => {
    const params = toListParams(ACTIVITY_LIST, search)
    return [kind, listQueryString(toListQuery({}, params))] as const
  })
}

async function timeList(database: Database, rounds: number) {
  const app = createBenchApp(database, makeDistDir())
  const client = new Client(app)
  await client.login('owner@example.com', { password: DEMO_PASSWORD })
  await client.refresh({ attachments: [ACCOUNT] })
  const [key] = await queryRows<{ id: string }>(
    database,
    'select id from api_keys where submerchant_id = $1 order by id limit 1',
    [ACCOUNT],
  )
  const list = screenQueries(
    { owner: SEED_USERS.owner, manager: SEED_USERS.manager },
    key?.id ?? 'none',
  )
  const byKind = await timeListRequests(client, '/v1/activity', ACCOUNT, list, rounds)
  const all = [...byKind.values()].flat()
  return {
    list: { ...summariseTimings(all), requests: all.length },
    byKind: Object.fromEntries([...byKind].map(([kind, t]) => [kind, summariseTimings(t)])),
  }
}

// The API key toggle, with and without its activity row, in alternate rounds (see the top).
async function timeWrite(database: Database, changes: number) {
  const [key] = await queryRows<{ id: string }>(
    database,
    'select id from api_keys where submerchant_id = $1 order by id limit 1',
    [ACCOUNT],
  )
  if (!key) throw new Error('bench: the account has no API key')
  const withRow: number[] = []
  const withoutRow: number[] = []
  const statement: number[] = []
  let enabled = true
  for (let i = -20; i < changes * 2; i++) {
    const writeRow = i % 2 === 0
    enabled = !enabled
    const started = performance.now()
    await database.db.transaction(async (tx) => {
      const before = await findOwnApiKey(tx, key.id, ACCOUNT)
      await setApiKeyEnabled(tx, key.id, ACCOUNT, enabled)
      if (!writeRow) return
      const rowStarted = performance.now()
      await recordActivity(
        tx,
        { submerchantId: ACCOUNT },
        { type: 'user', id: SEED_USERS.owner },
        { ipAddress: '203.0.113.9', device: 'Chrome on Android', now: new Date() },
        {
          action: enabled ? 'api_key.enabled' : 'api_key.disabled',
          object: { type: 'api_key', id: key.id, label: 'Booking system' },
          changes: [{ field: 'isEnabled', before: before.isEnabled, after: enabled }],
        },
      )
      if (i >= 0) statement.push(performance.now() - rowStarted)
    })
    // The first rounds warm the caches.
    if (i >= 0) (writeRow ? withRow : withoutRow).push(performance.now() - started)
  }
  const a = summariseTimings(withRow)
  const b = summariseTimings(withoutRow)
  return {
    changes,
    withRow: a,
    withoutRow: b,
    rowStatement: summariseTimings(statement),
    added: a.p95 - b.p95,
  }
}

export async function runActivityBench(opts: {
  rows: number
  rounds?: number
  changes?: number
}): Promise<ActivityBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'activity-bench-'))
  const database = await openDatabase({ dataDir: dir })
  try {
    await migrate(database)
    await seed(database, { sales: 1000, seed: 1, now: new Date() })
    const started = performance.now()
    const accountRows = await fillActivity(database, opts.rows)
    const fillSeconds = (performance.now() - started) / 1000
    const [count] = await queryRows<{ n: number }>(
      database,
      'select count(*)::int as n from activity_events',
    )
    const loadBefore = loadavg()[0] ?? 0
    const list = await timeList(database, opts.rounds ?? 20)
    const write = await timeWrite(database, opts.changes ?? 1000)
    const loadAfter = loadavg()[0] ?? 0
    return { rows: count?.n ?? 0, accountRows, fillSeconds, loadBefore, loadAfter, ...list, write }
  } finally {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
