import { useEffect } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { isApiError, isUnexpectedError } from '@/api/errors'
import { NEEDS_CONNECTION } from '@/config/app'
import { isModuleLoadError } from '@/lib/lazy-load'
import { MODULE_UNAVAILABLE } from '@/lib/module-errors'
import { reportError } from '@/lib/report-error'
import { Button, buttonClassName } from '@/ui/button'
import { Progress } from '@/ui/progress'
import { Spinner } from '@/ui/spinner'
import './route-states.css'

// The router already waited PROGRESS_DELAY_MS (defaultPendingMs) before showing this.
export function RoutePending() {
  return (
    <div className="route-pending">
      <Progress delayMs={0} />
      <Spinner size="large" label="Loading page" />
    </div>
  )
}

// Expected API failures (4xx) and a page whose code is not on this device offline are the user's
// to read; anything else is also reported.
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  const missingCode = isModuleLoadError(error)
  const expected = missingCode || !isUnexpectedError(error)

  useEffect(() => {
    if (!expected) reportError(error)
  }, [error, expected])

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return (
    <div className="route-error" role="alert">
      <h1>{expected ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {missingCode
          ? `${NEEDS_CONNECTION}. ${MODULE_UNAVAILABLE}`
          : isApiError(error)
            ? error.message
            : 'An unexpected error occurred. Please try again.'}
      </p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </div>
  )
}

// Unknown paths, on a page of their own (docs/screens.md#routing-rules).
export function NotFound() {
  return (
    <main className="status-page">
      <NotFoundContent />
    </main>
  )
}

// The same inside the app shell, whose <main> already holds it (account paths not built yet).
export function NotFoundInShell() {
  return (
    <div className="status-page status-page--in-shell">
      <NotFoundContent />
    </div>
  )
}

function NotFoundContent() {
  return (
    <>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p className="status-page__text">The page you are looking for does not exist or has moved.</p>
      <div className="status-page__actions">
        <Link to="/" className={buttonClassName()}>
          Go to the main page
        </Link>
      </div>
    </>
  )
}
