import * as chrono from 'chrono-node'
import { DEFAULT_EXPIRY } from '@/lib/payment-link-rules'

export { DEFAULT_EXPIRY }

// A link that outlives a year is a mistake, not a plan.
export const MAX_EXPIRY_DAYS = 365

export const EXPIRY_MESSAGES = {
  unparsed: 'Enter when the link should expire, e.g. "14 days", "tomorrow 6pm" or "next Friday"',
  past: 'The expiry must be in the future',
  tooFar: `The expiry must be within ${MAX_EXPIRY_DAYS} days`,
} as const

export type ExpiryResult = { ok: true; expiresAt: Date } | { ok: false; message: string }

// Offset of UK local time from UTC at that instant, in minutes: "6pm" means 6pm in London.
function londonOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000)
}

/**
 * The expiry a natural-language text means ("14 days", "2 hours", "tomorrow 6pm", "next Friday"),
 * read from `now` in UK time. The whole text must be understood: "banana 14 days" is refused.
 * The server (the rule) and the create form (the live preview) both use this.
 */
export function parseExpiry(text: string | null | undefined, now: Date): ExpiryResult {
  const input = (text ?? '').trim() || DEFAULT_EXPIRY
  const reference = { instant: now, timezone: londonOffsetMinutes(now) }
  const [result] = chrono.parse(input, reference, { forwardDate: true })
  const covered = result ? input.replace(result.text, '').trim() : input
  if (!result || !/^(?:in)?$/i.test(covered))
    return { ok: false, message: EXPIRY_MESSAGES.unparsed }
  const expiresAt = result.start.date()
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, message: EXPIRY_MESSAGES.past }
  if (expiresAt.getTime() - now.getTime() > MAX_EXPIRY_DAYS * 86_400_000) {
    return { ok: false, message: EXPIRY_MESSAGES.tooFar }
  }
  return { ok: true, expiresAt }
}
