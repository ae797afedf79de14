import { lazy, Suspense, useEffect, useState } from 'react'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { loadModule } from '@/lib/lazy-load'
import { MODULE_UNAVAILABLE } from '@/lib/module-errors'
import { Icon } from '@/ui/icons'
import { Menu } from '@/ui/menu'

// The bell's code could not load (offline, never saved on this device): it says so when opened.
function UnavailableBell() {
  return (
    <Menu label="Notifications" trigger={<Icon name="bell" />}>
      {() => <p className="menu__note">{MODULE_UNAVAILABLE}</p>}
    </Menu>
  )
}

// While the bell's code loads (a moment): the same icon, inert, so a tap cannot open a panel that
// the loaded bell then replaces.
function PendingBell() {
  return (
    <span className="menu">
      <button
        type="button"
        className="menu__trigger"
        aria-label="Notifications"
        aria-disabled="true"
      >
        <Icon name="bell" />
      </button>
    </span>
  )
}

// The live stream and the bell load with the signed-in shell, never on /login.
const LiveBell = lazy(() =>
  loadModule(() => import('@/features/notifications/bell')).then(
    (module) => ({ default: module.LiveBell }),
    () => ({ default: UnavailableBell }),
  ),
)

// The top bar's bell of an account page: the account's live events (docs/events.md#in-the-portal).
// Its code is asked for once the page has painted: it brings the event schemas, whose validator
// (arktype) takes a long task to start, which would otherwise hold back the first paint of a start.
export function AccountBell({ submerchantId, userId }: { submerchantId: string; userId: string }) {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let mounted = true
    void afterFirstPaint().then(() => mounted && setPainted(true))
    return () => {
      mounted = false
    }
  }, [])
  if (!painted) return <PendingBell />
  return (
    <Suspense fallback={<PendingBell />}>
      <LiveBell submerchantId={submerchantId} userId={userId} />
    </Suspense>
  )
}
