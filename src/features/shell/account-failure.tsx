import { useEffect } from 'react'
import { reportError } from '@/lib/report-error'
import { Button } from '@/ui/button'

export const ACCOUNT_FAILURE_MESSAGE = "Oops - we couldn't load your account."

// docs/errors.md#loading-a-screen: the shell itself could not be built for this account; a full reload starts it afresh.
export function AccountFailure({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error)
  }, [error])
  return (
    <main className="status-page" id="main-content">
      <h1>{ACCOUNT_FAILURE_MESSAGE}</h1>
      <p className="status-page__text">Refresh the page to try again.</p>
      <div className="status-page__actions">
        <Button onClick={() => window.location.reload()}>Refresh</Button>
      </div>
    </main>
  )
}
