import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Sale } from '@/api/schema/sales'
import { PartialTerminal, Terminal, TERMINAL_MODELS } from '@/api/schema/terminals'
import { queryRows } from '../../server/db/client'
import { Client, errorBody } from './auth-harness'
import { clientFor, mfaClientFor, seededApp, type SeededApp } from './helpers/app'
import { exactly } from './helpers/exactly'
import { firstRow, SEED_SUBMERCHANTS, TEST_API_KEY_TOKEN } from './helpers/db'

const CITY = SEED_SUBMERCHANTS.cityCabs
const NORTH = SEED_SUBMERCHANTS.northFleet
const RIVERSIDE = SEED_SUBMERCHANTS.riversideCars
const GREEN = SEED_SUBMERCHANTS.greenLine
const ALLOCATION = 'currentAllocation[submerchantId]'

let ctx: SeededApp
let viewer: Client

beforeAll(async () => {
  ctx = await seededApp()
  viewer = await clientFor(ctx.app, 'viewer@example.com', CITY)
})
afterAll(async () => {
  await ctx.database.close()
})

const get = (client: Client, path: string, perspective: string = CITY) =>
  client.request('GET', path, { perspective })

const terminalsOf = (submerchantId: string, query = '') =>
  `/v1/terminals?${new URLSearchParams({ [ALLOCATION]: submerchantId }).toString()}${query}`

async function heldBy(submerchantId: string) {
  return queryRows<{ id: string; serial_number: string; name: string | null }>(
    ctx.database,
    `select id, serial_number, name from terminals where current_submerchant_id = $1
     order by serial_number`,
    [submerchantId],
  )
}

describe('GET /v1/terminals', () => {
  it('needs a session', async () => {
    const res = await new Client(ctx.app).request('GET', terminalsOf(CITY))
    expect(res.status).toBe(401)
  })

  it('lists the terminals the account holds, by serial number, each exactly a Terminal', async () => {
    const res = await get(viewer, terminalsOf(CITY, '&limit=100'))
    expect(res.status).toBe(200)
    const held = await heldBy(CITY)
    expect(held.length).toBeGreaterThan(1)
    expect(res.headers.get('Total-Count')).toBe(String(held.length))
    expect(res.headers.get('Total-Count-Is-Approximate')).toBe('false')
    const body = (await res.json()) as unknown[]
    const items = body.map((item) => exactly<Terminal>(Terminal, item))
    expect(items.map((t) => t.serialNumber)).toEqual(held.map((t) => t.serial_number))
    for (const t of items) expect(t.currentAllocation?.submerchantId).toBe(CITY)
  })

  it('answers the export lookup: fields, 100 at a time, offset', async () => {
    const held = await heldBy(CITY)
    const res = await get(
      viewer,
      terminalsOf(CITY, '&fields=serialNumber,id,customReference&limit=100&offset=1'),
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body).toHaveLength(held.length - 1)
    for (const item of body) {
      exactly<PartialTerminal>(PartialTerminal, item)
      expect(Object.keys(item).sort()).toEqual(['customReference', 'id', 'serialNumber'])
    }
    expect(body[0]?.id).toBe(held[1]?.id)
  })

  it('sorts by name, model and allocation date both ways', async () => {
    for (const sort of ['name', '-name', 'model', '-currentAllocation.createdAt']) {
      const res = await get(viewer, terminalsOf(CITY, `&sort=${sort}&limit=100`))
      expect(res.status, sort).toBe(200)
      const body = (await res.json()) as Terminal[]
      const key = (t: Terminal) =>
        sort.includes('name')
          ? (t.name ?? '')
          : sort.includes('model')
            ? t.model
            : (t.currentAllocation?.createdAt ?? '')
      const keys = body.map(key)
      const sorted = [...keys].sort()
      expect(keys, sort).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted)
    }
  })

  it('searches serial number, name and custom reference with q, case-insensitively', async () => {
    const [terminal] = await heldBy(CITY)
    if (!terminal) throw new Error('no terminal')
    const serialPart = terminal.serial_number.slice(2, 8).toLowerCase()
    const bySerial = await get(viewer, `/v1/terminals?q=${serialPart}&limit=10`)
    expect(bySerial.status).toBe(200)
    const found = (await bySerial.json()) as Terminal[]
    expect(found.map((t) => t.id)).toContain(terminal.id)
    expect(found.length).toBeLessThanOrEqual(10)

    const byName = (await (
      await get(viewer, '/v1/terminals?q=CITY%20CABS&limit=10')
    ).json()) as Terminal[]
    expect(byName.length).toBeGreaterThan(0)
    for (const t of byName) expect(t.name?.toLowerCase()).toContain('city cabs')

    const ref = await firstRow<{ custom_reference: string }>(
      ctx.database,
      `select custom_reference from terminals where current_submerchant_id = $1
       and custom_reference is not null order by serial_number limit 1`,
      [CITY],
    )
    const byRef = (await (
      await get(viewer, `/v1/terminals?q=${ref.custom_reference}&limit=10`)
    ).json()) as Terminal[]
    expect(byRef.map((t) => t.customReference)).toContain(ref.custom_reference)

    // Another account's terminals never match, and LIKE wildcards are plain text.
    const riverside = await heldBy(RIVERSIDE)
    const other = await get(viewer, `/v1/terminals?q=${riverside[0]?.serial_number}&limit=10`)
    expect(await other.json()).toEqual([])
    expect(await (await get(viewer, '/v1/terminals?q=%25&limit=10')).json()).toEqual([])
  })

  it('refuses another account than the perspective (403) and bad queries (400)', async () => {
    const other = await get(viewer, terminalsOf(RIVERSIDE))
    expect(other.status).toBe(403)
    for (const query of [
      '&model=bluePad9',
      '&sort=nope',
      '&limit=101',
      '&fields=serialNumber,pin',
      '&currentAllocation[createdAt]=x',
      `&q=${'x'.repeat(501)}`,
    ]) {
      const res = await get(viewer, terminalsOf(CITY, query))
      expect(res.status, query).toBe(400)
      expect((await errorBody(res)).code, query).toBe('invalid_query')
    }
  })

  it('applies the role rule: managers and viewers of a terminal-restricted account get 403', async () => {
    const [terminal] = await heldBy(NORTH)
    for (const email of ['manager@example.com', 'viewer@example.com']) {
      const client = await clientFor(ctx.app, email, NORTH)
      for (const path of [
        terminalsOf(NORTH),
        '/v1/terminals?q=BP&limit=10',
        `/v1/terminals/${terminal?.id}`,
        `/v1/sales?terminalId=${terminal?.id}`,
      ]) {
        const res = await get(client, path, NORTH)
        expect(res.status, `${email} ${path}`).toBe(403)
        expect(await errorBody(res)).toMatchObject({
          code: 'insufficient_role',
          message: 'Not permitted to view this data.',
        })
      }
      // Their account's sales list itself is not a terminal page.
      expect((await get(client, '/v1/sales', NORTH)).status).toBe(200)
    }
    const owner = await mfaClientFor(ctx, NORTH)
    expect((await get(owner, terminalsOf(NORTH), NORTH)).status).toBe(200)
    expect((await get(owner, `/v1/sales?terminalId=${terminal?.id}`, NORTH)).status).toBe(200)
  })

  it('lets an API key with terminals:read list its own terminals only', async () => {
    await queryRows(
      ctx.database,
      `update api_keys set permissions = array_append(permissions, 'terminals:read')
       where submerchant_id = $1 and name = 'Booking system'`,
      [CITY],
    )
    const headers = { Authorization: `Bearer ${TEST_API_KEY_TOKEN}` }
    const res = await new Client(ctx.app).request('GET', terminalsOf(CITY), { headers })
    expect(res.status).toBe(200)
    const other = await new Client(ctx.app).request('GET', terminalsOf(NORTH), { headers })
    expect(other.status).toBe(403)
  })
})

describe('the seeded terminals', () => {
  it('hold every model and every allocation case', async () => {
    const models = await queryRows<{ model: string }>(
      ctx.database,
      'select distinct model from terminals order by model',
    )
    expect(models.map((m) => m.model)).toEqual([...TERMINAL_MODELS].sort())

    // Moved from Riverside Cars to City Cabs: City lists it; Riverside opens it, new holder hidden.
    const moved = await firstRow<{ id: string }>(
      ctx.database,
      `select t.id from terminals t join terminal_allocations a on a.terminal_id = t.id
       where a.submerchant_id = $1 and a.ended_at is not null and t.current_submerchant_id = $2`,
      [RIVERSIDE, CITY],
    )
    const cityList = (await (
      await get(viewer, terminalsOf(CITY, '&limit=100'))
    ).json()) as Terminal[]
    const listed = cityList.find((t) => t.id === moved.id)
    expect(listed?.currentAllocation?.submerchantId).toBe(CITY)
    const riversideOwner = await clientFor(ctx.app, 'owner@example.com', RIVERSIDE)
    const before = await get(riversideOwner, `/v1/terminals/${moved.id}`, RIVERSIDE)
    expect(before.status).toBe(200)
    expect(((await before.json()) as Terminal).currentAllocation).toBeNull()
    const riversideList = (await (
      await get(riversideOwner, terminalsOf(RIVERSIDE, '&limit=100'), RIVERSIDE)
    ).json()) as Terminal[]
    expect(riversideList.map((t) => t.id)).not.toContain(moved.id)

    // Returned to stock by Green Line Cars, and spare stock never allocated: in nobody's list.
    const returned = await firstRow<{ id: string }>(
      ctx.database,
      `select t.id from terminals t join terminal_allocations a on a.terminal_id = t.id
       where a.submerchant_id = $1 and t.current_submerchant_id is null`,
      [GREEN],
    )
    const greenOwner = await clientFor(ctx.app, 'owner@example.com', GREEN)
    const greenList = (await (
      await get(greenOwner, terminalsOf(GREEN, '&limit=100'), GREEN)
    ).json()) as Terminal[]
    expect(greenList.map((t) => t.id)).not.toContain(returned.id)
    expect((await get(greenOwner, `/v1/terminals/${returned.id}`, GREEN)).status).toBe(200)
    const [{ spare }] = (await queryRows(
      ctx.database,
      `select count(*)::int as spare from terminals t where current_submerchant_id is null
       and not exists (select 1 from terminal_allocations a where a.terminal_id = t.id)`,
    )) as [{ spare: number }]
    expect(spare).toBeGreaterThan(0)
  })
})

describe('GET /v1/sales?terminalId=…', () => {
  it('lists one terminal’s sales with filters, sort and a capturedAt range', async () => {
    const busiest = await firstRow<{ terminal_id: string; n: number }>(
      ctx.database,
      `select terminal_id, count(*)::int as n from sales where submerchant_id = $1
       and terminal_id is not null group by terminal_id order by n desc limit 1`,
      [CITY],
    )
    const all = await get(viewer, `/v1/sales?terminalId=${busiest.terminal_id}&limit=100`)
    expect(all.status).toBe(200)
    expect(all.headers.get('Total-Count')).toBe(String(busiest.n))
    const sales = ((await all.json()) as unknown[]).map((s) => exactly<Sale>(Sale, s))
    for (const sale of sales) expect(sale.terminalId).toBe(busiest.terminal_id)
    const times = sales.map((s) => s.capturedAt)
    expect(times).toEqual([...times].sort().reverse())

    const pivot = times[Math.floor(times.length / 2)] ?? ''
    const ranged = await get(
      viewer,
      `/v1/sales?terminalId=${busiest.terminal_id}&capturedAt[$gte]=${pivot}` +
        `&cardScheme=visa&sort=amount&limit=100`,
    )
    expect(ranged.status).toBe(200)
    const narrowed = (await ranged.json()) as Sale[]
    const expected = sales.filter((s) => s.capturedAt >= pivot && s.cardScheme === 'visa')
    expect(narrowed.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort())
    const amounts = narrowed.map((s) => s.amount)
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
  })

  it('never shows another account’s sales through its terminal id', async () => {
    const [terminal] = await heldBy(RIVERSIDE)
    const res = await get(viewer, `/v1/sales?terminalId=${terminal?.id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
    expect(res.headers.get('Total-Count')).toBe('0')
  })
})
