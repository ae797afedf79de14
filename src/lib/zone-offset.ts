// A time zone's offset from UTC at an instant, in minutes.
// One formatter per zone: making one costs far more than using it, and the sandbox's payout round
// asks for thousands of offsets (a day at a time, from each account's last payout).
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

export function offsetMinutes(at: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    offsetFormats.set(timeZone, format)
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}
