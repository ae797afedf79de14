import { describe, expect, it } from 'vitest'
import { safeRedirect } from '@/lib/safe-redirect'

const origin = 'https://portal.example'

describe('safeRedirect', () => {
  it.each([
    ['/transactions/sales', '/transactions/sales'],
    ['/transactions/sales?page=2#top', '/transactions/sales?page=2#top'],
    ['https://portal.example/payouts', '/payouts'],
  ])('keeps same-origin %s', (input, output) => {
    expect(safeRedirect(input, origin)).toBe(output)
  })

  it.each([
    undefined,
    42,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?redirect=/x',
    '/\nevil',
  ])('falls back to /dashboard for %j', (input) => {
    expect(safeRedirect(input, origin)).toBe('/dashboard')
  })
})
