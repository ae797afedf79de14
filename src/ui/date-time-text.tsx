import { formatDateTime } from '@/lib/dates'
import './date-time-text.css'

// A date-time (docs/constants.md#formats) as two unbreakable parts, so a narrow table column wraps
// it between the day and the time, and nowhere else.
export function DateTimeText({ at }: { at: string }) {
  const [day, ...time] = formatDateTime(at).split(' ')
  return (
    <span className="date-time">
      <span>{day}</span> <span>{time.join(' ')}</span>
    </span>
  )
}
