import { describe, expect, it } from 'vitest'
import { scrubBreadcrumb, scrubEvent, scrubText } from '@/lib/scrub'

describe('scrubText', () => {
  it('removes email addresses', () => {
    expect(scrubText('User jo.bloggs+taxi@example.co.uk failed')).toBe('User [email] failed')
  })

  it('removes phone numbers', () => {
    expect(scrubText('sent to +44 7700 900123 ok')).toBe('sent to [phone] ok')
    expect(scrubText('sent to 07700900123')).toBe('sent to [phone]')
    expect(scrubText('call (020) 7946 0958')).toContain('[phone]')
  })

  it('removes digit runs of 12 or more', () => {
    expect(scrubText('pan 4242424242424242 end')).toBe('pan [number] end')
    expect(scrubText('pan 4242 4242 4242 4242')).toBe('pan [number]')
    expect(scrubText('id 123456789012')).toBe('id [number]')
  })

  it('keeps ordinary text, ids, short numbers and dates', () => {
    const text = 'sale_abc123 failed with 404 at 2024-05-15 15:05 PM, amount 1999'
    expect(scrubText(text)).toBe(text)
  })
})

describe('scrubEvent', () => {
  const event = {
    message: 'Failed for a@b.com',
    exception: { values: [{ type: 'Error', value: 'card 4000002760003184 declined' }] },
    breadcrumbs: [
      { category: 'fetch', message: 'GET /v1/users?email=a@b.com', data: { headers: { a: 1 } } },
    ],
    request: {
      url: 'https://portal.example/x?phone=+447700900123',
      cookies: { session: 'secret' },
      headers: { Cookie: 'a=b', 'User-Agent': 'x' },
    },
    extra: { note: 'mail me at c@d.org', nested: { deep: ['07700 900123'] } },
    tags: { customer: 'e@f.net', route: '/dashboard' },
    user: { id: 'usr_1', email: 'a@b.com', ip_address: '1.2.3.4', username: 'jo' },
  }

  it('scrubs every part of the event', () => {
    const out = scrubEvent(event)
    const json = JSON.stringify(out)
    expect(json).not.toMatch(
      /@b\.com|@d\.org|@f\.net|4000002760003184|7700|secret|Cookie|1\.2\.3\.4/,
    )
    expect(out.message).toBe('Failed for [email]')
    expect(out.exception.values[0]?.value).toBe('card [number] declined')
    expect(out.request).toEqual({ url: 'https://portal.example/x?phone=[phone]' })
    expect(out.extra.nested.deep).toEqual(['[phone]'])
    expect(out.tags).toEqual({ customer: '[email]', route: '/dashboard' })
    expect(out.user).toEqual({ id: 'usr_1' })
    expect(out.breadcrumbs[0]).toEqual({
      category: 'fetch',
      message: 'GET /v1/users?email=[email]',
      data: {},
    })
  })

  it('does not mutate the input', () => {
    const copy = structuredClone(event)
    scrubEvent(event)
    expect(event).toEqual(copy)
  })

  it('scrubs breadcrumbs on their own', () => {
    expect(scrubBreadcrumb({ message: 'x@y.com', data: { cookies: 'c' } })).toEqual({
      message: '[email]',
      data: {},
    })
  })
})
