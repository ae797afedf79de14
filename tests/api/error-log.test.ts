// Issue 12, item 2: a 500 is logged as method, route pattern, status, request id and error class;
// never the query values, body, cookies or headers that caused it.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, createTestApp, signedIn, type TestApp } from './auth-harness'

const EMAIL = 'leaky.person@example.com'
const PASSWORD = 'Correct-Horse-Battery-9'
const TOKEN = 'tok_4f9c2e7a1b8d3f6e0a5c9b2d7e4f1a8c'
const HASH = 'scrypt$17$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA'

let t: TestApp
let owner: Client

beforeAll(async () => {
  t = await createTestApp()
  // Test-only: a handler whose database query fails while quoting the request's values, as the
  // probe's 500s did (the driver's error message carries the parameters).
  t.app.post('/v1/test-failing/:id', async (c) => {
    const body = (await c.req.json()) as Record<string, string>
    const values = [c.req.query('email'), c.req.query('token'), body.password, body.hash]
    await t.database.db.execute(sql`select ${values.join(',')}::int`)
    return c.json({})
  })
  owner = await signedIn(t.app)
})

afterAll(async () => {
  await t.database.close()
})

describe('the error log', () => {
  it('holds no email, password, token or hash when a request fails', async () => {
    const lines: string[] = []
    const capture = (...args: unknown[]) => {
      lines.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.stack} ${String(arg.cause)}` : String(arg)))
          .join(' '),
      )
    }
    const spies = [
      vi.spyOn(console, 'error').mockImplementation(capture),
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'log').mockImplementation(capture),
      vi.spyOn(console, 'info').mockImplementation(capture),
    ]
    let res: Response
    try {
      res = await owner.request(
        'POST',
        `/v1/test-failing/${encodeURIComponent(EMAIL)}?email=${encodeURIComponent(EMAIL)}&token=${TOKEN}`,
        {
          json: { emailAddress: EMAIL, password: PASSWORD, hash: HASH },
          headers: { 'X-Secret': TOKEN },
        },
      )
    } finally {
      spies.forEach((spy) => spy.mockRestore())
    }
    expect(res.status).toBe(500)
    const requestId = res.headers.get('Request-Id') ?? ''
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^POST /v1/test-failing/:id 500 ${requestId} DrizzleQueryError`),
      ),
    ])
    const log = lines.join('\n')
    for (const secret of [EMAIL, 'leaky.person', PASSWORD, TOKEN, HASH, 'scrypt$']) {
      expect(log).not.toContain(secret)
    }
    expect(log).not.toMatch(/access_token|refresh_token|cookie/i)
  })
})
