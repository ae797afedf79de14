import { useEffect, useState } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { NOTICE_MS } from '@/config/limits'
import { onModuleLoadError } from '@/lib/module-errors'
import { reportError } from '@/lib/report-error'
import { checkForUpdate, UPDATE_CHECK_INTERVAL_MS } from '@/offline/update-check'
import { Button } from '@/ui/button'
import '@/ui/toast.css'
import './service-worker.css'

/**
 * Registers the service worker (production builds only) and shows its two notices: the
 * offline-ready note after the first install, and "New version available" with Reload, which
 * activates the waiting worker (SKIP_WAITING) and reloads into it.
 */
export function ServiceWorker() {
  const [updating, setUpdating] = useState(false)
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisterError: reportError,
    onRegisteredSW(swUrl, registration) {
      if (!registration) return
      setInterval(() => void checkForUpdate(swUrl, registration), UPDATE_CHECK_INTERVAL_MS)
      // A chunk that will not load online may be one a newer deploy removed: its prompt then shows.
      onModuleLoadError(() => void checkForUpdate(swUrl, registration))
    },
  })

  useEffect(() => {
    if (!offlineReady) return
    const timer = setTimeout(() => setOfflineReady(false), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [offlineReady, setOfflineReady])

  if (!needRefresh && !offlineReady) return null
  return (
    <section className="toasts sw-notice" aria-label="App updates">
      <div role="status" className="toast">
        {needRefresh ? (
          <>
            <p className="toast__message">New version available</p>
            <Button
              variant="ghost"
              size="small"
              loading={updating}
              onClick={() => {
                setUpdating(true)
                // The new worker takes control, then the page reloads into the new version.
                void updateServiceWorker(true)
              }}
            >
              Reload
            </Button>
            <Button variant="ghost" size="small" onClick={() => setNeedRefresh(false)}>
              Later
            </Button>
          </>
        ) : (
          <>
            <p className="toast__message">Ready to work offline</p>
            <Button
              variant="ghost"
              size="small"
              aria-label="Dismiss notification"
              onClick={() => setOfflineReady(false)}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </>
        )}
      </div>
    </section>
  )
}
