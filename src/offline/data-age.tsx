import dayjs from 'dayjs'
import { useOnline } from '@/offline/use-online'

// "Updated 14:05", plus "offline" when what is shown is the cached copy (docs/offline.md#reading).
export function DataAge({ updatedAt, className }: { updatedAt: number; className?: string }) {
  const online = useOnline()
  if (!updatedAt) return null
  const sameDay = dayjs(updatedAt).isSame(dayjs(), 'day')
  return (
    <p className={['data-age', 'muted', className].filter(Boolean).join(' ')}>
      Updated {dayjs(updatedAt).format(sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}
      {!online && ' · offline'}
    </p>
  )
}
