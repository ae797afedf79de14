import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { isUnexpectedError, toApiError } from '@/api/errors'
import { reportError } from '@/lib/report-error'
import { LoadError } from '@/features/accounts/load-error'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { RouteError } from '@/ui/route-states'
import './accounts.css'

// docs/errors.md#loading-a-screen 'Failed to load …' with a retry; anything else is the generic route error.
export function AccountLoadError(props: ErrorComponentProps) {
  const router = useRouter()
  const { error } = props
  const isLoadError = error instanceof LoadError
  useEffect(() => {
    // A 5xx behind 'Failed to load …' is a server fault worth reporting; RouteError reports the rest.
    if (isLoadError && isUnexpectedError(error.cause)) reportError(error.cause)
  }, [error, isLoadError])
  if (!isLoadError) return <RouteError {...props} />
  return (
    <main className="accounts-screen">
      <div className="accounts-screen__panel">
        <Alert
          title={error.message}
          actions={
            <>
              <Button variant="secondary" onClick={() => void router.invalidate()}>
                Retry
              </Button>
              <a className="link-button" href="/select-account">
                Switch account
              </a>
            </>
          }
        >
          {toApiError(error.cause).message}
        </Alert>
      </div>
    </main>
  )
}
