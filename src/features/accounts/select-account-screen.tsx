import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { toApiError } from '@/api/errors'
import type { Submerchant } from '@/api/schema/submerchants'
import { APP_NAME } from '@/config/app'
import { accountQueries, ensureAccount } from '@/features/accounts/api'
import { LOAD_MESSAGES } from '@/features/accounts/load-error'
import { rememberOperator } from '@/ui/use-brand'
import { useAuth } from '@/session/use-auth'
import { useLogout } from '@/session/use-logout'
import { Alert } from '@/ui/alert'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { Button } from '@/ui/button'
import { Spinner } from '@/ui/spinner'
import './accounts.css'

export const NO_ACCOUNTS =
  "You don't have access to any accounts yet. Ask an account owner to add you."

interface SelectAccountScreenProps {
  redirect?: string
  welcome?: boolean
}

export function SelectAccountScreen({ redirect, welcome = false }: SelectAccountScreenProps) {
  const auth = useAuth()
  const router = useRouter()
  const { requestLogout, dialog } = useLogout()
  const queryClient = useQueryClient()
  const user = useQuery(accountQueries.currentUser())
  const accounts = useQuery(accountQueries.submerchants())
  const [choosing, setChoosing] = useState<string | null>(null)
  const [chooseError, setChooseError] = useState<string | null>(null)

  async function choose(account: Submerchant) {
    setChoosing(account.id)
    setChooseError(null)
    try {
      await auth.chooseAccount(account.id)
      rememberOperator(account.operatorId)
      await ensureAccount(queryClient, account.id)
      await router.navigate({ href: redirect ?? '/dashboard' })
    } catch (cause) {
      auth.leaveAccount()
      setChooseError(cause instanceof Error ? cause.message : toApiError(cause).message)
    } finally {
      setChoosing(null)
    }
  }

  return (
    <main className="accounts-screen">
      <div className="accounts-screen__panel">
        {welcome && (
          <Alert tone="success" title={`Welcome to ${APP_NAME}`}>
            Your account is ready.
          </Alert>
        )}
        <header className="accounts-screen__header">
          <h1>Choose an account</h1>
          {user.data && <p className="muted">Signed in as {user.data.emailAddress}</p>}
        </header>
        <QueryErrorAlert title={LOAD_MESSAGES.user} query={user} />
        {chooseError && <Alert>{chooseError}</Alert>}
        {accounts.isPending && <Spinner label="Loading accounts" />}
        <QueryErrorAlert title={LOAD_MESSAGES.submerchants} query={accounts} />
        {accounts.data && accounts.data.length === 0 && <Alert tone="info">{NO_ACCOUNTS}</Alert>}
        {accounts.data && accounts.data.length > 0 && (
          <ul className="accounts-list" aria-label="Accounts">
            {accounts.data.map((account) => (
              <li key={account.id}>
                <Button
                  variant="secondary"
                  block
                  className="accounts-list__button"
                  loading={choosing === account.id}
                  disabled={choosing !== null && choosing !== account.id}
                  onClick={() => void choose(account)}
                >
                  {account.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="accounts-screen__logout">
          <button type="button" className="link-button" onClick={requestLogout}>
            Log out
          </button>
        </p>
        {dialog}
      </div>
    </main>
  )
}
