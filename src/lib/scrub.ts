// Removes personal data from error-reporting events before they leave the browser.
const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g
// 12+ digits, optionally grouped by single spaces or dashes (card numbers, account numbers).
const LONG_DIGITS = /\d(?:[ -]?\d){11,}/g
// International (+44 …) or national (07…) phone numbers with at least 9 further digits.
const PHONE = /(?:\+|\b0)\d(?:[\s().-]{0,2}\d){8,14}/g

// Keys whose values are dropped entirely, wherever they appear.
const SECRET_KEYS =
  /^(cookies?|headers|set-cookie|authorization|password|token|secret|email(address)?|phone(number)?|ip_address)$/i

export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(LONG_DIGITS, '[number]')
}

export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (depth > 12 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (!SECRET_KEYS.test(key)) out[key] = scrubValue(item, depth + 1)
  }
  return out
}

interface ScrubbableEvent {
  user?: { id?: string | number }
}

// Sentry `beforeSend`: a scrubbed copy of the whole event; the user keeps only an id.
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const { user, ...rest } = event
  const scrubbed = scrubValue(rest) as E
  if (user?.id !== undefined) scrubbed.user = { id: user.id }
  return scrubbed
}

// Sentry `beforeBreadcrumb`.
export function scrubBreadcrumb<B extends object>(breadcrumb: B): B {
  return scrubValue(breadcrumb) as B
}
