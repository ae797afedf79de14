import { apiEnv } from '@/config/api'
import { BUILD_VERSION } from '@/config/build'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { reportError, setErrorReporter } from '@/lib/report-error'
import { scrubBreadcrumb, scrubEvent } from '@/lib/scrub'

function onWindowError(event: ErrorEvent) {
  reportError(event.error ?? event.message)
}

function onUnhandledRejection(event: PromiseRejectionEvent) {
  reportError(event.reason)
}

// Loads @sentry/react lazily, only when a DSN is configured, and never before first paint.
export function startErrorReporting(): void {
  const dsn = import.meta.env.VITE_SENTRY_DSN
  if (!dsn) return
  // Until the SDK is ready, global errors are queued by reportError.
  window.addEventListener('error', onWindowError)
  window.addEventListener('unhandledrejection', onUnhandledRejection)

  void afterFirstPaint().then(() => {
    import('@sentry/react')
      .then((Sentry) => {
        Sentry.init({
          dsn,
          tunnel: import.meta.env.VITE_SENTRY_TUNNEL || undefined,
          release: BUILD_VERSION,
          environment: apiEnv,
          // Sentry 11's replacement for `sendDefaultPii: false`: collect no personal data at all.
          dataCollection: {
            userInfo: false,
            cookies: false,
            httpHeaders: false,
            httpBodies: [],
            urlQueryParams: false,
          },
          beforeSend: (event) => scrubEvent(event),
          beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
        })
        // The SDK installs its own global handlers now.
        window.removeEventListener('error', onWindowError)
        window.removeEventListener('unhandledrejection', onUnhandledRejection)
        setErrorReporter((error) => Sentry.captureException(error))
      })
      .catch(() => {
        // Blocked by an ad blocker or offline: the app works without error reporting.
      })
  })
}
