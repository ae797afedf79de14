// Quarterly deadline reminders (docs/events.md#tax-reminders): the world's round writes one
// tax_year.deadline_reminder per account 14 and 3 days before each deadline, once; a push goes
// only to the devices that chose the type; webhooks never get it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_EVENTS } from '@/api/schema/developer-values'
import type { EventType } from '@/api/schema/event-values'
import {
  dueTaxReminders,
  formatTaxDate,
  londonDate,
  londonMidnight,
  nextDate,
} from '@/lib/tax-year'
import type { Deps } from '../../server/context'
import { queryRows } from '../../server/db/client'
import { remindTaxDeadlines } from '../../server/domain/tax-reminders'
import { pushPayload } from '../../server/push/payload'
import { advanceWorld } from '../../server/sandbox/world'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const REMINDER = 'tax_year.deadline_reminder'

let ctx: SeededApp
let deps: Deps
let owner: Client
let manager: Client
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  deps = { db: ctx.database, clock: ctx.clock, config: { mode: 'test' } as Deps['config'] }
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
  manager = await clientFor(ctx.app, 'manager@example.com', CITY)
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})

afterAll(async () => {
  await ctx.database.close()
})

// Moves the sandbox clock to noon (London) of the first date from `from` on whose reminders
// include one with this many days left; returns that date.
function moveToDaysBefore(daysLeft: number, from: string): string {
  let date = from
  while (!dueTaxReminders(date).some((r) => r.daysLeft === daysLeft)) date = nextDate(date)
  const noon = londonMidnight(date).getTime() + 12 * 3600_000
  ctx.clock.advance((noon - ctx.clock.now().getTime()) / 1000)
  return date
}

async function subscribe(client: Client, eventTypes: EventType[]): Promise<string> {
  const path = `/push/${Math.random().toString(16).slice(2)}`
  const res = await client.request('POST', '/v1/push-subscriptions', {
    json: {
      endpoint: `http://127.0.0.1:9/${path}`,
      // A P-256 public key and a 16-byte secret; nothing is sent in this test.
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
      submerchantIds: [CITY],
      eventTypes,
    },
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

async function remindersOf(submerchantId: string) {
  return queryRows<{
    id: string
    type: EventType
    submerchant_id: string
    object_id: string
    created_at: Date
    data: Record<string, unknown>
  }>(
    ctx.database,
    `select id, type, submerchant_id, object_id, created_at, data from events
     where type = $1 and submerchant_id = $2 order by seq`,
    [REMINDER, submerchantId],
  )
}

async function pushesOf(subscriptionId: string) {
  const rows = await queryRows<{ event_id: string }>(
    ctx.database,
    `select d.event_id from push_deliveries d join events e on e.id = d.event_id
     where d.subscription_id = $1 and e.type = $2`,
    [subscriptionId, REMINDER],
  )
  return rows.map((row) => row.event_id)
}

async function round() {
  const result = await advanceWorld(deps, () => 0.5)
  if (!result) throw new Error('the round did not run')
  return result
}

describe('quarterly deadline reminders', () => {
  it('sends each reminder once, 14 and 3 days before, as a push only to those who chose it', async () => {
    // Every member may see the tax year: the owner and the viewer opt in, the manager keeps the
    // default choices (no reminder).
    const ownerDevice = await subscribe(owner, [REMINDER])
    const viewerDevice = await subscribe(viewer, [REMINDER, 'sale.created'])
    const managerDevice = await subscribe(manager, ['intent.succeeded', 'payout.paid'])
    const endpoint = await owner.request('POST', '/v1/webhook-endpoints', {
      json: { submerchantId: CITY, url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENTS] },
    })
    expect(endpoint.status, await endpoint.clone().text()).toBe(201)
    const refused = await owner.request('POST', '/v1/webhook-endpoints', {
      json: { submerchantId: CITY, url: 'http://127.0.0.1:9/hook', events: [REMINDER] },
    })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('events')

    const [accounts] = await queryRows<{ n: string }>(
      ctx.database,
      'select count(*) as n from submerchants',
    )
    const first = moveToDaysBefore(14, nextDate(londonDate(ctx.clock.now())))
    expect((await round()).taxReminders).toBe(Number(accounts!.n))
    const [reminder] = dueTaxReminders(first)
    let events = await remindersOf(CITY)
    expect(events).toHaveLength(1)
    expect(events[0]!.data).toEqual({
      id: `taxq_${reminder!.taxYear}_${reminder!.quarter}`,
      taxYear: reminder!.taxYear,
      quarter: reminder!.quarter,
      deadline: reminder!.deadline,
      leadDays: 14,
      daysLeft: 14,
    })
    expect(await pushesOf(ownerDevice)).toEqual([events[0]!.id])
    expect(await pushesOf(viewerDevice)).toEqual([events[0]!.id])
    expect(await pushesOf(managerDevice)).toEqual([])

    // What the push says, and where its click goes.
    const event = events[0]!
    expect(
      pushPayload({
        id: event.id,
        type: event.type,
        submerchantId: event.submerchant_id,
        objectId: event.object_id,
        createdAt: new Date(event.created_at),
        data: event.data,
      }),
    ).toMatchObject({
      title: 'Quarterly update reminder',
      body: `Quarterly update due in 14 days — ${formatTaxDate(reminder!.deadline)}`,
      url: '/tax',
    })

    // A second server's tick, and the next rounds, write nothing more.
    expect(await remindTaxDeadlines(ctx.database.db, ctx.clock.now())).toBe(0)
    ctx.clock.advance(24 * 3600)
    expect((await round()).taxReminders).toBe(0)
    expect(await remindersOf(CITY)).toHaveLength(1)

    // 3 days before: the second reminder, once.
    const second = moveToDaysBefore(3, nextDate(londonDate(ctx.clock.now())))
    expect(dueTaxReminders(second)[0]!.deadline).toBe(reminder!.deadline)
    expect((await round()).taxReminders).toBe(Number(accounts!.n))
    expect(await remindTaxDeadlines(ctx.database.db, ctx.clock.now())).toBe(0)
    ctx.clock.advance(3600)
    expect((await round()).taxReminders).toBe(0)
    events = await remindersOf(CITY)
    expect(events.map((e) => [e.data.leadDays, e.data.daysLeft])).toEqual([
      [14, 14],
      [3, 3],
    ])
    expect(await pushesOf(ownerDevice)).toEqual(events.map((e) => e.id))
    expect(await pushesOf(managerDevice)).toEqual([])

    // No webhook endpoint receives it, and none may ask for it.
    const notified = await queryRows(
      ctx.database,
      'select 1 from webhook_notifications where event = $1',
      [REMINDER],
    )
    expect(notified).toEqual([])
  })

  it('is written once when two servers look at the same moment', async () => {
    const [accounts] = await queryRows<{ n: string }>(
      ctx.database,
      'select count(*) as n from submerchants',
    )
    // The next deadline's 14-day reminder, looked for by two transactions at once (on PostgreSQL
    // they run side by side; the reminder's key lets only one write each).
    const date = moveToDaysBefore(14, nextDate(londonDate(ctx.clock.now())))
    const now = ctx.clock.now()
    const written = await Promise.all(
      [1, 2].map(() => ctx.database.db.transaction((tx) => remindTaxDeadlines(tx, now))),
    )
    expect(written[0]! + written[1]!).toBe(Number(accounts!.n))
    const deadline = dueTaxReminders(date)[0]!.deadline
    const events = (await remindersOf(CITY)).filter((e) => e.data.deadline === deadline)
    expect(events).toHaveLength(1)
  })

  it('is on the bell and the events list of every member', async () => {
    // The clock moved weeks on: the sessions of the first test have expired.
    owner = await clientFor(ctx.app, 'owner@example.com', CITY)
    manager = await clientFor(ctx.app, 'manager@example.com', CITY)
    viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
    for (const client of [owner, manager, viewer]) {
      const bell = await client.request('GET', `/v1/notifications?submerchantId=${CITY}`)
      expect(bell.status).toBe(200)
      const { notifications } = (await bell.json()) as {
        notifications: { type: string; data: { leadDays: number } }[]
      }
      const reminders = notifications.filter((n) => n.type === REMINDER)
      expect(reminders.map((n) => n.data.leadDays)).toEqual([14, 3, 14])
    }
    const list = await owner.request('GET', `/v1/events?submerchantId=${CITY}&type=${REMINDER}`)
    expect(list.status).toBe(200)
    expect(await list.json()).toHaveLength(3)
  })
})
