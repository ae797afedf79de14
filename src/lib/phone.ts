import type { CountryCode } from 'libphonenumber-js/min'
import { loadModule } from '@/lib/lazy-load'

// docs/constants.md#formats: phone default country GB, preferred GB and IE.
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'GB'
export const PREFERRED_PHONE_COUNTRIES: readonly CountryCode[] = ['GB', 'IE']

export const PHONE_MESSAGES = {
  required: 'Phone number required',
  invalid: 'Enter a valid phone number for the chosen country, e.g. 07700 900123',
} as const

export type PhoneLib = typeof import('libphonenumber-js/min')

// Loaded on demand: the metadata is large and the /login route must never pull it in.
export function loadPhoneLib(): Promise<PhoneLib> {
  return loadModule(() => import('libphonenumber-js/min'))
}

export interface CountryOption {
  code: CountryCode
  name: string
  callingCode: string
}

function countryName(names: Intl.DisplayNames | null, code: string): string {
  return names?.of(code) ?? code
}

// Preferred countries first, then the rest by name.
export function phoneCountryOptions(lib: PhoneLib, locale = 'en-GB'): CountryOption[] {
  let names: Intl.DisplayNames | null = null
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' })
  } catch {
    // Very old engines: codes alone still work.
  }
  const option = (code: CountryCode): CountryOption => ({
    code,
    name: countryName(names, code),
    callingCode: lib.getCountryCallingCode(code),
  })
  const rest = lib
    .getCountries()
    .filter((code) => !PREFERRED_PHONE_COUNTRIES.includes(code))
    .map(option)
    .sort((a, b) => a.name.localeCompare(b.name, locale))
  return [...PREFERRED_PHONE_COUNTRIES.map(option), ...rest]
}

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string }

const E164 = /^\+[1-9]\d{6,14}$/

// A number typed nationally ("07700 900123") or internationally ("+353 …") becomes E.164.
export function toE164(lib: PhoneLib, input: string, country: CountryCode): PhoneResult {
  if (!input.trim()) return { ok: false, message: PHONE_MESSAGES.required }
  const parsed = lib.parsePhoneNumberFromString(input, country)
  // isPossible, not isValid: valid ranges change faster than the bundled metadata.
  if (!parsed?.isPossible() || !E164.test(parsed.number)) {
    return { ok: false, message: PHONE_MESSAGES.invalid }
  }
  return { ok: true, e164: parsed.number }
}
