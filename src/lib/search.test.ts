import { describe, expect, it } from 'vitest'
import { plainSearch } from '@/lib/search'

describe('plainSearch', () => {
  it('keeps text, finite numbers and flags as text, and drops everything else', () => {
    const raw = JSON.parse(
      '{"q":"cab","page":2,"obj":{"a":1},"list":[1],"flag":true,"empty":"","nil":null,"__proto__":{"polluted":1}}',
    ) as Record<string, unknown>
    expect(plainSearch({ ...raw, inf: Infinity, nan: Number.NaN })).toEqual({
      q: 'cab',
      page: 2,
      flag: 'true',
      nil: 'null',
    })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('drops text longer than 2000 characters', () => {
    expect(plainSearch({ q: 'x'.repeat(2001), ok: 'x'.repeat(2000) })).toEqual({
      ok: 'x'.repeat(2000),
    })
  })
})
