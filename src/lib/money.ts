import { DEFAULT_CURRENCY } from '@/config/limits'

const formatters = new Map<string, Intl.NumberFormat>()
// resolvedOptions() builds a new object on every call (about 20 µs): an export writes 60,000
// amounts, so each currency's digits are read once.
const minorDigits = new Map<string, number>()

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency })
    formatters.set(currency, formatter)
  }
  return formatter
}

// Decimal places of the currency's minor unit (GBP 2, JPY 0).
export function minorUnitDigits(currency: string = DEFAULT_CURRENCY): number {
  let digits = minorDigits.get(currency)
  if (digits === undefined) {
    digits = formatterFor(currency).resolvedOptions().maximumFractionDigits ?? 2
    minorDigits.set(currency, digits)
  }
  return digits
}

// Integer minor units → exact decimal string ("-12.05"), built from digits so no float is involved.
export function minorToDecimalString(minor: number, currency: string = DEFAULT_CURRENCY): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount is not an integer: ${minor}`)
  const digits = minorUnitDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0')
  if (digits === 0) return sign + abs
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`
}

export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY): string {
  // Intl accepts decimal strings exactly (Intl.NumberFormat v3); the cast bridges older lib typings.
  return formatterFor(currency).format(minorToDecimalString(minor, currency) as unknown as number)
}

const PLAIN = /^\d+(?:\.(\d+))?$/
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.(\d+))?$/

// "£1,234.5" → 123450. Returns null for anything that is not a plain non-negative amount.
export function parseMoney(input: string, currency: string = DEFAULT_CURRENCY): number | null {
  const text = input.trim().replace(/^£\s*/, '')
  const match = PLAIN.exec(text) ?? GROUPED.exec(text)
  if (!match) return null
  const digits = minorUnitDigits(currency)
  const fraction = match[1] ?? ''
  if (fraction.length > digits) return null
  const [whole = '0'] = text.replace(/,/g, '').split('.')
  const minor = Number(whole + fraction.padEnd(digits, '0'))
  return Number.isSafeInteger(minor) ? minor : null
}
