import { ArkErrors, type } from 'arktype'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { createApiClient, ResponseValidationError, runValidator } from '@/api/http'

const Item = type({ id: 'string', amount: 'number.integer' })

interface Call {
  url: string
  method: string
  headers: Headers
  credentials: RequestCredentials | undefined
  body: string | null
}

// A stand-in network for the client's injected fetch: records requests, replays responses.
function network(...responses: Array<() => Response>) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? init.body : null,
    })
    const next = responses.shift()
    if (!next) throw new TypeError('Failed to fetch')
    return next()
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    })

function client(net: ReturnType<typeof network>, perspective: string | null = null) {
  return createApiClient({
    baseURL: 'https://api.test',
    getPerspective: () => perspective,
    fetch: net.fetch,
  })
}

describe('api', () => {
  it('sends credentials, the portal header, perspective and cache bypass', async () => {
    const net = network(json(200, { id: 'sale_1', amount: 100 }))
    const { api } = client(net, 'sub_42')
    const sale = await api('/v1/sales/sale_1', { schema: Item, bypassCache: true })
    expect(sale).toEqual({ id: 'sale_1', amount: 100 })
    const [call] = net.calls
    expect(call?.url).toBe('https://api.test/v1/sales/sale_1')
    expect(call?.credentials).toBe('include')
    expect(call?.headers.get('X-Requested-With')).toBe('portal')
    expect(call?.headers.get('Token-Perspective')).toBe('sub_42')
    expect(call?.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('speaks for another account when a call names its perspective', async () => {
    const net = network(() => new Response(null, { status: 204 }))
    const { api } = client(net, 'sub_42')
    await api('/v1/receipts/rcp_1/advice', { method: 'POST', body: {}, perspective: 'sub_7' })
    expect(net.calls[0]?.headers.get('Token-Perspective')).toBe('sub_7')
  })

  it('omits optional headers and sends JSON bodies with an idempotency key', async () => {
    const net = network(() => new Response(null, { status: 204 }))
    const { api } = client(net)
    await expect(
      api('/v1/intents', { method: 'POST', body: { saleAmount: 100 }, idempotencyKey: 'k-1' }),
    ).resolves.toBeUndefined()
    const [call] = net.calls
    expect(call?.method).toBe('POST')
    expect(call?.body).toBe('{"saleAmount":100}')
    expect(call?.headers.get('Idempotency-Key')).toBe('k-1')
    expect(call?.headers.has('Token-Perspective')).toBe(false)
    expect(call?.headers.has('Cache-Control')).toBe(false)
  })

  it('turns error responses into ApiError', async () => {
    const net = network(json(404, { message: 'Sale not found', code: 'not_found' }))
    const error = await client(net)
      .api('/v1/sales/sale_x', { schema: Item })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Sale not found' })
  })

  it('reports a network failure with the documented text', async () => {
    const net = network()
    await expect(client(net).api('/v1/users/current', { schema: Item })).rejects.toMatchObject({
      status: 0,
      message: 'Error - no response from server.',
    })
  })

  it('treats a response that breaks the schema as unexpected, not an ApiError', async () => {
    const net = network(json(200, { id: 'sale_1', amount: 1.5 }))
    const error = await client(net)
      .api('/v1/sales/sale_1', { schema: Item })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error).not.toBeInstanceOf(ApiError)
  })

  it('sends at once while a lazily loaded schema is still loading, then checks the answer', async () => {
    const net = network(json(200, { id: 'sale_1', amount: 150 }), json(200, { id: 'sale_1' }))
    let loaded: (schema: typeof Item) => void = () => undefined
    const schema = new Promise<typeof Item>((resolve) => (loaded = resolve))
    const answer = client(net).api('/v1/sales/sale_1', { schema })
    // Sent in the same task, before any await: a render that follows does not hold it back.
    expect(net.calls).toHaveLength(1)
    loaded(Item)
    await expect(answer).resolves.toEqual({ id: 'sale_1', amount: 150 })
    const broken = client(net).api('/v1/sales/sale_1', { schema: Promise.resolve(Item) })
    await expect(broken).rejects.toBeInstanceOf(ResponseValidationError)
  })

  it('fails the request when its schema cannot load', async () => {
    const net = network(json(200, { id: 'sale_1', amount: 150 }))
    const schema = Promise.reject<typeof Item>(new TypeError('Failed to fetch module'))
    await expect(client(net).api('/v1/sales/sale_1', { schema })).rejects.toThrow(
      'Failed to fetch module',
    )
  })

  it('retries once after the auth-failure hook refreshes', async () => {
    const net = network(
      json(401, { message: 'Token expired', code: 'invalid_token' }),
      json(200, { id: 'a', amount: 1 }),
    )
    const c = client(net)
    const hook = vi.fn(async (_error: ApiError) => true)
    c.setAuthFailureHandler(hook)
    await expect(c.api('/v1/x', { schema: Item })).resolves.toEqual({ id: 'a', amount: 1 })
    expect(hook).toHaveBeenCalledTimes(1)
    expect(hook.mock.calls[0]?.[0]).toMatchObject({ status: 401, code: 'invalid_token' })
    expect(net.calls).toHaveLength(2)
  })

  it('does not loop when the retry fails again, and skips recovery when asked', async () => {
    const denied = json(403, { message: 'Forbidden' })
    const net = network(denied, denied, denied)
    const c = client(net)
    const hook = vi.fn(async () => true)
    c.setAuthFailureHandler(hook)
    await expect(c.api('/v1/x')).rejects.toMatchObject({ status: 403 })
    expect(hook).toHaveBeenCalledTimes(1)
    await expect(c.api('/v1/tokens', { skipAuthRecovery: true })).rejects.toMatchObject({
      status: 403,
    })
    expect(hook).toHaveBeenCalledTimes(1)
    expect(net.calls).toHaveLength(3)
  })
})

describe('apiList', () => {
  it('builds the list query and reads the totals', async () => {
    const net = network(
      json(200, [{ id: 'a', amount: 1 }], {
        'Total-Count': '20000',
        'Total-Count-Is-Approximate': 'true',
      }),
    )
    const page = await client(net).apiList(
      '/v1/sales',
      {
        sort: { field: 'capturedAt', direction: 'desc' },
        limit: 10,
        offset: 0,
        filters: { submerchantId: 'sub_1' },
      },
      Item,
    )
    expect(page).toEqual({
      items: [{ id: 'a', amount: 1 }],
      total: 24000,
      totalIsApproximate: true,
    })
    const url = new URL(net.calls[0]?.url ?? '')
    expect(url.pathname).toBe('/v1/sales')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      submerchantId: 'sub_1',
      sort: '-capturedAt',
      limit: '10',
      offset: '0',
    })
  })

  it('sends at once while a lazily loaded schema is still loading', async () => {
    const net = network(json(200, [{ id: 'sale_1', amount: 150 }], { 'Total-Count': '1' }))
    let loaded: (schema: typeof Item) => void = () => undefined
    const schema = new Promise<typeof Item>((resolve) => (loaded = resolve))
    const page = client(net).apiList('/v1/sales', { limit: 10 }, schema)
    expect(net.calls).toHaveLength(1)
    loaded(Item)
    await expect(page).resolves.toMatchObject({ items: [{ id: 'sale_1', amount: 150 }], total: 1 })
  })

  it('rejects a body that is not an array or has a bad item', async () => {
    const net = network(json(200, { items: [] }), json(200, [{ id: 'a', amount: 1 }, { id: 2 }]))
    const c = client(net)
    await expect(c.apiList('/v1/sales', {}, Item)).rejects.toBeInstanceOf(ResponseValidationError)
    await expect(c.apiList('/v1/sales', {}, Item)).rejects.toThrow(/\/v1\/sales \[1\]/)
  })
})

describe('runValidator', () => {
  it('gives back the very value a plain schema allows, and the errors of one it refuses', () => {
    const value = { id: 'a', amount: 1, extra: true }
    expect(runValidator(Item, value)).toBe(value)
    const refused = runValidator(Item, { id: 'a', amount: 1.5 })
    expect(refused).toBeInstanceOf(ArkErrors)
    expect((refused as ArkErrors).summary).toMatch(/amount must be an integer/)
  })

  it('runs a schema that changes the value (a morph) in full', () => {
    const Parsed = type({ at: type('string').pipe((text) => text.length) })
    expect(runValidator(Parsed, { at: 'four' })).toEqual({ at: 4 })
    const Stripped = Item.onUndeclaredKey('delete')
    expect(runValidator(Stripped, { id: 'a', amount: 1, extra: true })).toEqual({
      id: 'a',
      amount: 1,
    })
  })

  it('calls a plain function validator as it is', () => {
    const seen: unknown[] = []
    const validator = (data: unknown) => (seen.push(data), 'checked')
    expect(runValidator(validator, 7)).toBe('checked')
    expect(seen).toEqual([7])
  })
})
