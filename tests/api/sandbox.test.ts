import { beforeAll, describe, expect, it } from 'vitest'
import { addOutboxMessage } from '../../server/sandbox/outbox'
import { createTestApp, type TestApp } from './auth-harness'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

describe('clock', () => {
  it('reports and advances the sandbox clock', async () => {
    const before = (await (await t.app.request('/sandbox/clock')).json()) as { now: string }
    const res = await t.app.request('/sandbox/clock', json({ advanceSeconds: 3600 }))
    expect(res.status).toBe(200)
    const after = (await res.json()) as { now: string }
    const moved = Date.parse(after.now) - Date.parse(before.now)
    expect(moved).toBeGreaterThanOrEqual(3600_000)
    expect(moved).toBeLessThan(3600_000 + 5_000)
  })

  it('refuses bad input with 4xx', async () => {
    expect((await t.app.request('/sandbox/clock', json({ advanceSeconds: -5 }))).status).toBe(400)
    expect((await t.app.request('/sandbox/clock', json({ advanceSeconds: 'soon' }))).status).toBe(
      400,
    )
    expect((await t.app.request('/sandbox/clock', json({}))).status).toBe(400)
    const text = await t.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'advanceSeconds=5',
    })
    expect(text.status).toBe(415)
  })
})

describe('outbox', () => {
  it('lists messages as JSON and as an escaped HTML page', async () => {
    await addOutboxMessage(t.database.db, {
      channel: 'email',
      kind: 'receipt_advice',
      recipient: 'rider@example.com',
      subject: 'Your receipt <b>bold</b>',
      body: 'Hello <script>alert(1)</script> & goodbye',
      metadata: { saleId: 'sale_1' },
      createdAt: t.clock.now(),
    })
    const list = await t.app.request('/sandbox/outbox')
    const messages = (await list.json()) as { recipient: string; body: string }[]
    expect(messages[0]).toMatchObject({
      recipient: 'rider@example.com',
      body: 'Hello <script>alert(1)</script> & goodbye',
    })

    const page = await t.app.request('/sandbox/outbox', { headers: { Accept: 'text/html' } })
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; goodbye')
    expect(html).toContain('Your receipt &lt;b&gt;bold&lt;/b&gt;')
    expect(html).not.toContain('<script>')
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
  })
})

describe('status page', () => {
  it('serves the Statuspage shape with open CORS and follows POST /sandbox/status', async () => {
    const initial = await t.app.request('/sandbox/status/api/v2/status.json', {
      headers: { Origin: 'https://anywhere.example' },
    })
    expect(initial.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(((await initial.json()) as { status: unknown }).status).toEqual({
      indicator: 'none',
      description: 'All Systems Operational',
    })
    const set = await t.app.request('/sandbox/status', json({ indicator: 'major' }))
    expect(set.status).toBe(200)
    const after = await t.app.request('/sandbox/status/api/v2/status.json')
    expect(((await after.json()) as { status: unknown }).status).toEqual({
      indicator: 'major',
      description: 'Partial System Outage',
    })
    expect((await t.app.request('/sandbox/status', json({ indicator: 'meltdown' }))).status).toBe(
      400,
    )
  })
})

describe('error reports', () => {
  const envelope = (eventId: string, message: string) =>
    [
      JSON.stringify({
        event_id: eventId,
        dsn: 'https://public@errors.example/42',
        sent_at: new Date().toISOString(),
      }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ event_id: eventId, message, level: 'error', platform: 'javascript' }),
      JSON.stringify({
        type: 'attachment',
        length: 11,
        filename: 'a.txt',
        content_type: 'text/plain',
      }),
      'hello\nworld',
      '',
    ].join('\n')

  it('accepts Sentry envelopes from the tunnel and lists the parsed events', async () => {
    const tunnel = await t.app.request('/sandbox/errors', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: envelope('a'.repeat(32), 'Boom in the portal'),
    })
    expect(tunnel.status).toBe(200)
    const direct = await t.app.request('/sandbox/errors/api/7/envelope/', {
      method: 'POST',
      body: envelope('b'.repeat(32), 'Second boom'),
    })
    expect(direct.status).toBe(200)

    const list = (await (await t.app.request('/sandbox/errors')).json()) as {
      projectId: string
      eventId: string
      type: string
      payload: { message?: string; length?: number }
    }[]
    const events = list.filter((item) => item.type === 'event')
    expect(events.map((e) => e.payload.message).sort()).toEqual([
      'Boom in the portal',
      'Second boom',
    ])
    expect(events.find((e) => e.payload.message === 'Boom in the portal')?.projectId).toBe('42')
    expect(events.find((e) => e.payload.message === 'Second boom')?.projectId).toBe('7')
    const attachment = list.find((item) => item.type === 'attachment')
    expect(attachment?.payload).toMatchObject({ length: 11 })
  })

  it('refuses malformed envelopes with 400', async () => {
    for (const body of ['', 'not json', '{"event_id":"x"}\n{"type":"event","length":999}\n{}']) {
      const res = await t.app.request('/sandbox/errors', { method: 'POST', body })
      expect(res.status).toBe(400)
    }
  })
})

describe('controls switch', () => {
  it('does not mount /sandbox when SANDBOX_CONTROLS is off', async () => {
    const off = await createTestApp({ sandboxControls: false })
    expect((await off.app.request('/sandbox/clock')).status).toBe(404)
    expect((await off.app.request('/sandbox/clock', json({ advanceSeconds: 60 }))).status).toBe(404)
  })
})
