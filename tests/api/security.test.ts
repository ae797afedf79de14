import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { Client, createTestApp, PORTAL_ORIGIN, signedIn, type TestApp } from './auth-harness'

let t: TestApp
let owner: Client

beforeAll(async () => {
  t = await createTestApp()
  // A test-only route that fails unexpectedly, to see what a 500 looks like.
  t.app.get('/v1/test-explode', () => {
    throw new Error('secret internals at /work/main/server/db.ts:42')
  })
  owner = await signedIn(t.app)
})

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('Content-Security-Policy') ?? ''
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("base-uri 'self'")
  expect(csp).toContain("form-action 'self'")
  expect(csp).toContain("img-src 'self' data: blob:")
  expect(csp).toContain("connect-src 'self'")
  expect(csp).toContain("worker-src 'self'")
  expect(csp).toContain("manifest-src 'self'")
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  const permissions = res.headers.get('Permissions-Policy') ?? ''
  for (const feature of ['camera=(self)', 'microphone=()', 'geolocation=()', 'payment=()']) {
    expect(permissions).toContain(feature)
  }
  expect(res.headers.get('Request-Id')).toMatch(/^req_[0-9a-f]{32}$/)
}

describe('security headers', () => {
  it('are on API, error, 404, static and fallback responses', async () => {
    const responses = [
      await owner.request('GET', '/v1/users/current'),
      await new Client(t.app).request('GET', '/v1/users/current'),
      await owner.request('GET', '/v1/no-such-route'),
      await owner.request('GET', '/assets/index-AbC123.js'),
      await owner.request('GET', '/transactions/sales'),
      await owner.request('GET', '/v1/test-explode'),
    ]
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 200, 200, 500])
    responses.forEach(expectSecurityHeaders)
  })

  it('gives every request its own id', async () => {
    const a = await owner.request('GET', '/v1/users/current')
    const b = await owner.request('GET', '/v1/users/current')
    expect(a.headers.get('Request-Id')).not.toBe(b.headers.get('Request-Id'))
  })
})

describe('errors', () => {
  it('answers an unexpected failure with a 500 body and no stack', async () => {
    const res = await owner.request('GET', '/v1/test-explode')
    expect(res.status).toBe(500)
    const text = await res.text()
    const body = JSON.parse(text) as Record<string, unknown>
    expect(body).toEqual({
      message: 'Internal server error',
      code: 'internal_error',
      requestId: res.headers.get('Request-Id'),
    })
    expect(text).not.toMatch(/secret internals|\.ts:|at /)
  })

  it('answers unknown /v1 routes with the error body', async () => {
    const res = await owner.request('GET', '/v1/no-such-route')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' })
  })

  it('gives 4xx for malformed JSON, wrong media type, non-object and oversize bodies', async () => {
    const malformed = await owner.request('POST', '/v1/tokens', {
      body: '{"type": "refresh",',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON body', code: 'invalid_json' })

    const form = await owner.request('POST', '/v1/tokens', {
      body: 'type=refresh',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)

    const array = await owner.request('POST', '/v1/tokens', { json: [1, 2, 3] })
    expect(array.status).toBe(400)
    const empty = await owner.request('POST', '/v1/tokens', {
      headers: { 'Content-Type': 'application/json' },
    })
    expect(empty.status).toBe(400)

    const huge = await owner.request('POST', '/v1/tokens', {
      json: { type: 'refresh', padding: 'x'.repeat(1024 * 1024 + 10) },
    })
    expect(huge.status).toBe(413)
    expect((await huge.json()) as { code: string }).toMatchObject({ code: 'payload_too_large' })

    const unknownGrant = await owner.request('POST', '/v1/tokens', {
      json: { type: 'magic', grantType: 'please' },
    })
    expect(unknownGrant.status).toBe(400)
    expect(((await unknownGrant.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0)
  })
})

describe('CORS', () => {
  it('allows credentialed calls only from configured origins and exposes the list headers', async () => {
    const allowed = await owner.request('GET', '/v1/submerchants', {
      headers: { Origin: PORTAL_ORIGIN },
    })
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL_ORIGIN)
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    const exposed = allowed.headers.get('Access-Control-Expose-Headers') ?? ''
    for (const header of ['Total-Count', 'Total-Count-Is-Approximate', 'Request-Id']) {
      expect(exposed).toContain(header)
    }
    const evil = await owner.request('GET', '/v1/submerchants', {
      headers: { Origin: 'https://evil.example' },
    })
    expect(evil.headers.get('Access-Control-Allow-Origin')).toBeNull()

    const preflight = await t.app.request('/v1/tokens', {
      method: 'OPTIONS',
      headers: {
        Origin: PORTAL_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-requested-with,token-perspective',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL_ORIGIN)
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain(
      'token-perspective',
    )
  })
})

describe('static portal', () => {
  const get = (path: string, headers?: Record<string, string>) => t.app.request(path, { headers })

  it('serves hashed assets immutable and the shell files no-cache, with content types', async () => {
    const js = await get('/assets/index-AbC123.js')
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    const css = await get('/assets/index-AbC123.css')
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    for (const [path, type] of [
      ['/index.html', 'text/html; charset=utf-8'],
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ]) {
      const res = await get(path ?? '')
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
      expect(res.headers.get('Content-Type')).toBe(type)
    }
    expect((await get('/icon-192.png')).headers.get('Content-Type')).toBe('image/png')
  })

  it('falls back to index.html for app routes but not for API, sandbox, pay or missing assets', async () => {
    const route = await get('/transactions/sales/sale_123')
    expect(route.status).toBe(200)
    expect(route.headers.get('Cache-Control')).toBe('no-cache')
    expect(await route.text()).toContain('<div id="root">')
    expect((await get('/v1/nothing-here')).status).toBe(401)
    expect((await get('/sandbox/nothing-here')).status).toBe(404)
    expect((await get('/pay/int_123')).status).toBe(404)
    expect((await get('/receipts/rcp_1')).status).toBe(404)
    expect((await get('/assets/missing-123.js')).status).toBe(404)
  })

  it('sends text assets compressed when the browser accepts it, and never images', async () => {
    const big = `console.log(${JSON.stringify('portal '.repeat(2000))})`
    writeFileSync(path.join(t.config.distDir, 'assets', 'big-AbC123.js'), big)
    const br = await get('/assets/big-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Vary')).toBe('Accept-Encoding')
    expect(Buffer.from(brotliDecompressSync(Buffer.from(await br.arrayBuffer()))).toString()).toBe(
      big,
    )
    const gz = await get('/assets/big-AbC123.js', { 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big)
    const plain = await get('/assets/big-AbC123.js', { 'Accept-Encoding': 'br;q=0' })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(big)
    const png = await get('/icon-192.png', { 'Accept-Encoding': 'br' })
    expect(png.headers.get('Content-Encoding')).toBeNull()
  })

  it('revalidates with ETag', async () => {
    const first = await get('/index.html')
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).toBeTruthy()
    const again = await get('/index.html', { 'If-None-Match': etag })
    expect(again.status).toBe(304)
  })

  it('never serves files outside the dist directory', async () => {
    for (const path of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/%00index.html',
    ]) {
      const res = await get(path)
      const text = await res.text()
      expect(text).not.toContain('root:')
      expect(text).not.toContain('"dependencies"')
    }
  })
})
