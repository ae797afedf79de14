import type { ReactNode } from 'react'
import type { FetchStatus } from '@tanstack/react-query'
import { OfflineState } from '@/ui/offline-state'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { Spinner } from '@/ui/spinner'

export interface ViewableQuery<T> {
  data: T | undefined
  isPending: boolean
  isError: boolean
  error: unknown
  fetchStatus: FetchStatus
  refetch: () => unknown
}

interface QueryViewProps<T> {
  query: ViewableQuery<T>
  // docs/errors.md#loading-a-screen 'Failed to load …', shown with the reason and Retry.
  errorTitle: string
  // Names the data for the offline empty state: 'this sale', 'the latest payout'.
  what: string
  // The spinner's accessible name.
  pendingLabel: string
  spinnerSize?: 'large'
  children: (data: T) => ReactNode
}

/**
 * The one loading and error policy of a screen's data (loaders fetch once and never throw; see
 * lib/load-query.ts): a spinner while the first load runs, the offline empty state when it waits
 * for a connection (never an endless spinner), the failure (docs/errors.md#loading-a-screen) with Retry inside the shell, and
 * the data, kept on screen under a failed refresh.
 */
export function QueryView<T>({
  query,
  errorTitle,
  what,
  pendingLabel,
  spinnerSize,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) {
    if (query.fetchStatus === 'paused')
      return <OfflineState what={what} query={query} online={false} />
    if (query.fetchStatus === 'fetching') return <Spinner label={pendingLabel} size={spinnerSize} />
    return null
  }
  return (
    <>
      <QueryErrorAlert title={errorTitle} query={query} />
      {query.data !== undefined && children(query.data)}
    </>
  )
}
