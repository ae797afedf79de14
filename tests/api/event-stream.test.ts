import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventType } from '@/api/schema/event-values'
import { recordEvent } from '../../server/domain/events'
import { existingEventHub } from '../../server/events/hub'
import { DEFAULT_STREAM_CAPS } from '../../server/config'
import type { Client } from './auth-harness'
import { clientFor, seededApp, type SeededApp } from './helpers/app'
import { SEED_SUBMERCHANTS } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const AIRPORT = SEED_SUBMERCHANTS.airportExpress
const HARBOUR = SEED_SUBMERCHANTS.harbourCars

let ctx: SeededApp
let owner: Client
beforeAll(async () => {
  ctx = await seededApp()
  owner = await clientFor(ctx.app, 'owner@example.com', CITY)
})
afterAll(async () => {
  await existingEventHub(ctx.database)?.close()
  await ctx.database.close()
})

let objects = 0
async function record(submerchantId: string, type: EventType): Promise<string> {
  objects++
  const { id } = await ctx.database.db.transaction((tx) =>
    recordEvent(tx, {
      submerchantId,
      type,
      data: { id: `obj_${objects}`, amount: 1250 },
      now: ctx.clock.now(),
    }),
  )
  return id
}

interface Frame {
  id?: string
  event?: string
  data?: string
  comment?: string
}

// Reads Server-Sent Events frames from a response body as they arrive.
class FrameReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private buffer = ''
  private readonly decoder = new TextDecoder()
  readonly frames: Frame[] = []
  done = false

  constructor(res: Response) {
    this.reader = res.body!.getReader()
  }

  private parse(block: string): Frame {
    const frame: Frame = {}
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) frame.comment = line.slice(1).trim()
      const match = /^(id|event|data): ?(.*)$/.exec(line)
      if (match) frame[match[1] as 'id' | 'event' | 'data'] = match[2]
    }
    return frame
  }

  // Reads until `until` holds over the frames so far, or the stream ends.
  async readUntil(until: (frames: Frame[]) => boolean): Promise<Frame[]> {
    while (!until(this.frames) && !this.done) {
      const { value, done } = await this.reader.read()
      if (done) {
        this.done = true
        break
      }
      this.buffer += this.decoder.decode(value, { stream: true })
      let end: number
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        this.frames.push(this.parse(this.buffer.slice(0, end)))
        this.buffer = this.buffer.slice(end + 2)
      }
    }
    return this.frames
  }

  events(): Frame[] {
    return this.frames.filter((frame) => frame.id !== undefined || frame.event !== undefined)
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined)
  }
}

async function openStream(
  client: Client,
  submerchantId: string,
  opts: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<{ res: Response; reader: FrameReader }> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.lastEventId) headers['Last-Event-ID'] = opts.lastEventId
  const res = await client.request('GET', `/v1/events/stream?submerchantId=${submerchantId}`, {
    headers,
  })
  const reader = new FrameReader(res)
  if (res.status === 200) await reader.readUntil((frames) => frames.length > 0)
  return { res, reader }
}

const ids = (frames: Frame[]) => frames.filter((frame) => frame.id).map((frame) => frame.id)

describe('GET /v1/events/stream', () => {
  it('sends each committed event of the account as id, event and data', async () => {
    const { res, reader } = await openStream(owner, CITY)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const id = await record(CITY, 'sale.created')
    const frames = await reader.readUntil((all) => ids(all).includes(id))
    const frame = frames.find((f) => f.id === id)!
    expect(frame.event).toBe('sale.created')
    expect(JSON.parse(frame.data!)).toMatchObject({
      id,
      type: 'sale.created',
      submerchantId: CITY,
      objectId: expect.stringMatching(/^obj_/),
      data: { amount: 1250 },
    })
    await reader.close()
  })

  it("never carries another account's events", async () => {
    const { reader } = await openStream(owner, CITY)
    const other = await record(AIRPORT, 'sale.created')
    const own = await record(CITY, 'intent.succeeded')
    const frames = await reader.readUntil((all) => ids(all).includes(own))
    expect(ids(frames)).not.toContain(other)
    await reader.close()
  })

  it('leaves payout events out for a person whose role may not see payouts', async () => {
    const manager = await clientFor(ctx.app, 'manager@example.com', HARBOUR)
    const { reader } = await openStream(manager, HARBOUR)
    const payout = await record(HARBOUR, 'payout.paid')
    const sale = await record(HARBOUR, 'sale.created')
    const frames = await reader.readUntil((all) => ids(all).includes(sale))
    expect(ids(frames)).not.toContain(payout)
    await reader.close()
    const list = await manager.request('GET', '/v1/events?limit=100', { perspective: HARBOUR })
    const listed = ((await list.json()) as { id: string }[]).map((e) => e.id)
    expect(listed).toContain(sale)
    expect(listed).not.toContain(payout)
  })

  it('resumes after Last-Event-ID with every later event, in order', async () => {
    const first = await record(CITY, 'sale.created')
    const second = await record(CITY, 'refund_request.created')
    const third = await record(CITY, 'payout.created')
    const { reader } = await openStream(owner, CITY, { lastEventId: first })
    const frames = await reader.readUntil((all) => ids(all).includes(third))
    const seen = ids(frames)
    expect(seen).not.toContain(first)
    expect(seen.indexOf(second)).toBeLessThan(seen.indexOf(third))
    expect(new Set(seen).size).toBe(seen.length)
    await reader.close()
  })

  it('sends one reset for an id it does not have, then goes on live', async () => {
    const unknown = 'evt_0000000000000000000000'
    const { reader } = await openStream(owner, CITY, { lastEventId: unknown })
    await reader.readUntil((all) => all.some((f) => f.event === 'reset'))
    const live = await record(CITY, 'sale.created')
    const frames = await reader.readUntil((all) => ids(all).includes(live))
    expect(frames.filter((f) => f.event === 'reset')).toHaveLength(1)
    await reader.close()
  })

  it('refuses a malformed Last-Event-ID, an unknown or repeated parameter and another account', async () => {
    const bad = await owner.request('GET', `/v1/events/stream?submerchantId=${CITY}`, {
      headers: { 'Last-Event-ID': 'not-an-id' },
    })
    expect(bad.status).toBe(400)
    const unknown = await owner.request('GET', `/v1/events/stream?submerchantId=${CITY}&x=1`)
    expect(unknown.status).toBe(400)
    const twice = await owner.request(
      'GET',
      `/v1/events/stream?submerchantId=${CITY}&submerchantId=${SEED_SUBMERCHANTS.northFleet}`,
    )
    expect(twice.status).toBe(400)
    expect(await twice.json()).toMatchObject({
      code: 'invalid_query',
      errors: [{ field: 'submerchantId', messages: ['must not be repeated'] }],
    })
    const notMine = await owner.request(
      'GET',
      `/v1/events/stream?submerchantId=${SEED_SUBMERCHANTS.northFleet}`,
    )
    expect(notMine.status).toBe(403)
    const anonymous = await ctx.app.request(`/v1/events/stream?submerchantId=${CITY}`)
    expect(anonymous.status).toBe(401)
  })

  it('ends the stream when the session logs out', async () => {
    const person = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const { reader } = await openStream(person, CITY)
    const started = Date.now()
    expect((await person.request('DELETE', '/v1/tokens/all')).status).toBe(204)
    const frames = await reader.readUntil(() => false)
    expect(reader.done).toBe(true)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(frames.at(-1)).toMatchObject({ event: 'end' })
  })

  it('ends the stream when the access token expires', async () => {
    const person = await clientFor(ctx.app, 'viewer@example.com', CITY)
    const { reader } = await openStream(person, CITY)
    ctx.clock.advance(16 * 60)
    await reader.readUntil(() => false)
    expect(reader.done).toBe(true)
  })

  it(`caps a person at ${DEFAULT_STREAM_CAPS.perUser} open streams`, async () => {
    const person = await clientFor(ctx.app, 'manager@example.com', CITY)
    const open: FrameReader[] = []
    for (let i = 0; i < DEFAULT_STREAM_CAPS.perUser; i++) {
      const { res, reader } = await openStream(person, CITY)
      expect(res.status).toBe(200)
      open.push(reader)
    }
    const refused = await person.request('GET', `/v1/events/stream?submerchantId=${CITY}`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    await Promise.all(open.map((reader) => reader.close()))
  })
})

describe('the bell', () => {
  it('lists the latest events with their read state, and marks one and all read', async () => {
    const person = await clientFor(ctx.app, 'owner@example.com', AIRPORT)
    const a = await record(AIRPORT, 'intent.succeeded')
    const b = await record(AIRPORT, 'sale.created')
    const feed = async () => {
      const res = await person.request('GET', '/v1/notifications', { perspective: AIRPORT })
      expect(res.status).toBe(200)
      return (await res.json()) as {
        unreadCount: number
        notifications: { id: string; readAt: string | null }[]
      }
    }
    const before = await feed()
    expect(before.notifications.slice(0, 2).map((n) => n.id)).toEqual([b, a])
    expect(before.unreadCount).toBeGreaterThanOrEqual(2)
    const one = await person.request('PUT', `/v1/notifications/${a}/read`, {
      perspective: AIRPORT,
    })
    expect(one.status).toBe(200)
    expect(((await one.json()) as { readAt: string | null }).readAt).not.toBeNull()
    expect((await feed()).unreadCount).toBe(before.unreadCount - 1)
    const all = await person.request('PUT', '/v1/notifications/read', {
      perspective: AIRPORT,
      json: { upTo: b },
    })
    expect(await all.json()).toEqual({ unreadCount: 0 })
    expect((await feed()).notifications.every((n) => n.readAt !== null)).toBe(true)
    const later = await record(AIRPORT, 'sale.created')
    const after = await feed()
    expect(after.unreadCount).toBe(1)
    expect(after.notifications[0]).toMatchObject({ id: later, readAt: null })
  })

  it("is 404 for another account's event and 400 for a bad body", async () => {
    const person = await clientFor(ctx.app, 'owner@example.com', CITY)
    const other = await record(SEED_SUBMERCHANTS.northFleet, 'sale.created')
    const res = await person.request('PUT', `/v1/notifications/${other}/read`, {
      perspective: CITY,
    })
    expect(res.status).toBe(404)
    const bad = await person.request('PUT', '/v1/notifications/read', {
      perspective: CITY,
      json: { upTo: 42 },
    })
    expect(bad.status).toBe(400)
  })
})
