import dayjs from 'dayjs'

const MINUTE_MS = 60_000
// A phone's clock may run a few minutes behind the server that signed: that is still 'just now'.
const CLOCK_SKEW_MINUTES = 10

/**
 * How long ago a proof's payment was, next to its time (docs/screens.md#check-a-payment): a driver
 * tells a payment made for this ride ('today, 4 min ago') from an old screenshot ('6 days ago').
 */
export function proofAge(at: string, now: number = Date.now()): string {
  const then = dayjs(at)
  const minutes = Math.floor((now - then.valueOf()) / MINUTE_MS)
  if (minutes < -CLOCK_SKEW_MINUTES) return 'in the future'
  if (minutes < 1) return 'today, just now'
  const today = dayjs(now)
  if (then.isSame(today, 'day')) {
    if (minutes < 60) return `today, ${minutes} min ago`
    return `today, ${Math.floor(minutes / 60)} h ago`
  }
  const days = today.startOf('day').diff(then.startOf('day'), 'day')
  if (days === 1) return 'yesterday'
  if (days < 60) return `${days} days ago`
  const months = today.diff(then, 'month')
  return months < 24 ? `${months} months ago` : `${today.diff(then, 'year')} years ago`
}
