import { beforeAll, describe, expect, it } from 'vitest'
import {
  loadPhoneLib,
  PHONE_MESSAGES,
  phoneCountryOptions,
  toE164,
  type PhoneLib,
} from '@/lib/phone'

let lib: PhoneLib
beforeAll(async () => {
  lib = await loadPhoneLib()
})

describe('toE164', () => {
  it('turns a national GB number into E.164', () => {
    expect(toE164(lib, '07700 900123', 'GB')).toEqual({ ok: true, e164: '+447700900123' })
  })

  it('reads an Irish number with IE chosen', () => {
    expect(toE164(lib, '085 123 4567', 'IE')).toEqual({ ok: true, e164: '+353851234567' })
  })

  it('keeps an international number whatever the chosen country', () => {
    expect(toE164(lib, '+353 85 123 4567', 'GB')).toEqual({ ok: true, e164: '+353851234567' })
    expect(toE164(lib, '0044 7700 900123', 'GB')).toEqual({ ok: true, e164: '+447700900123' })
  })

  it('says a number is required when empty', () => {
    expect(toE164(lib, '   ', 'GB')).toEqual({ ok: false, message: PHONE_MESSAGES.required })
  })

  it.each(['123', 'abc', '077009001234567', '+0 123'])('refuses %s', (input) => {
    expect(toE164(lib, input, 'GB')).toEqual({ ok: false, message: PHONE_MESSAGES.invalid })
  })
})

describe('phoneCountryOptions', () => {
  it('puts GB and IE first, then the rest by name with calling codes', () => {
    const options = phoneCountryOptions(lib)
    expect(options.slice(0, 2)).toEqual([
      { code: 'GB', name: 'United Kingdom', callingCode: '44' },
      { code: 'IE', name: 'Ireland', callingCode: '353' },
    ])
    const rest = options.slice(2).map((o) => o.name)
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB')))
    expect(options.filter((o) => o.code === 'GB')).toHaveLength(1)
    expect(options.length).toBe(lib.getCountries().length)
  })
})
