import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '@/api/errors'
import type { WebhookNotification } from '@/api/schema/developer'
import { developerQueries, useResendNotificationsMutation } from '@/features/developer/api'
import { AttemptsDialog } from '@/features/developer/attempts-dialog'
import { NOTIFICATIONS_LIST } from '@/features/developer/list-spec'
import { viewOf, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { useOnline } from '@/offline/use-online'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { CodeText } from '@/ui/code-text'
import { WriteFailure } from '@/ui/write-failure'
import type { Column } from '@/ui/data-table'
import { DateTimeText } from '@/ui/date-time-text'
import { GoBack } from '@/ui/go-back'
import { ListScreen } from '@/ui/list-screen'
import { RowCheck, SelectionBar } from '@/ui/selection-bar'
import { useRowSelection } from '@/ui/use-row-selection'
import './developer.css'

interface NotificationsListScreenProps {
  submerchantId: string
  endpointId: string
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

const outcome = (n: WebhookNotification) => (
  <Badge tone={n.hasSucceeded ? 'success' : 'danger'}>{n.hasSucceeded ? 'Yes' : 'No'}</Badge>
)

// Notification history of one endpoint (docs/screens.md#notification-history): the kit's table,
// View attempts, Refresh, Go back, and (beyond what docs/screens.md#developer-tools describes)
// resend, one or the selected ones.
export function NotificationsListScreen({
  submerchantId,
  endpointId,
  search,
  onSearchChange,
}: NotificationsListScreenProps) {
  const online = useOnline()
  const query = useQuery(
    developerQueries.notifications(
      submerchantId,
      endpointId,
      toListParams(NOTIFICATIONS_LIST, search),
    ),
  )
  const [viewing, setViewing] = useState<string | null>(null)
  // Kept while paging and sorting, dropped when the filters change.
  const selection = useRowSelection<WebhookNotification>(
    JSON.stringify([endpointId, viewOf({ ...search, sort: undefined })]),
  )
  const resendMutation = useResendNotificationsMutation(submerchantId, endpointId)
  const resending = resendMutation.isPending
  const [failure, setFailure] = useState<{ ids: string[]; message: string } | null>(null)
  const shown = query.data?.items ?? []
  const chosen = [...selection.rows.keys()]

  function resend(ids: string[]) {
    if (ids.length === 0) return
    resendMutation.mutate(ids, {
      onSuccess: () => selection.clear(),
      onError: (error) => setFailure({ ids, message: toApiError(error).message }),
    })
  }

  const columns: readonly Column<WebhookNotification>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (n) => (
        <RowCheck
          checked={selection.has(n.id)}
          onChange={(on) => selection.set([n], on)}
          label={`Select ${n.id}`}
        />
      ),
    },
    // In a narrow table the event folds into the row's details first, then the attempts and the
    // time; the id, the outcome and the actions stay.
    { id: 'id', header: 'ID', cell: (n) => <CodeText value={n.id} copy />, priority: 1 },
    { id: 'event', header: 'Event', cell: (n) => <code>{n.event}</code>, priority: 3 },
    {
      id: 'hasSucceeded',
      header: 'Succeeded',
      cell: outcome,
      sortField: 'hasSucceeded',
      priority: 1,
    },
    {
      id: 'attemptCount',
      header: 'Attempts',
      cell: (n) => n.attemptCount,
      sortField: 'attemptCount',
      firstDirection: 'desc',
      align: 'end',
      priority: 2,
    },
    {
      id: 'createdAt',
      header: 'Created',
      cell: (n) => <DateTimeText at={n.createdAt} />,
      sortField: 'createdAt',
      firstDirection: 'desc',
      priority: 1,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (n) => (
        <span className="notification-actions">
          <Button variant="secondary" size="small" onClick={() => setViewing(n.id)}>
            View attempts
            <span className="visually-hidden">{` of ${n.id}`}</span>
          </Button>
          <Button
            variant="ghost"
            size="small"
            disabled={!online || resending}
            onClick={() => resend([n.id])}
          >
            Resend
            <span className="visually-hidden">{` ${n.id}`}</span>
          </Button>
        </span>
      ),
    },
  ]

  return (
    <>
      <ListScreen
        spec={NOTIFICATIONS_LIST}
        title="Notification history"
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        columns={columns}
        rowKey={(n) => n.id}
        rowLabel={(n) => `notification ${n.id}`}
        errorTitle="Failed to load notifications"
        className="notifications-list"
        actions={<GoBack fallback="/developer" />}
        toolbar={
          <SelectionBar
            label="Selected notifications"
            selection={selection}
            pageRows={query.isSuccess && !query.isPlaceholderData ? shown : null}
            actions={
              <Button
                variant="secondary"
                disabled={!online}
                loading={resending}
                onClick={() => resend(chosen)}
              >
                Resend selected ({chosen.length})
              </Button>
            }
          />
        }
        lead={
          <div className="notifications-bulk">
            <Button
              variant="ghost"
              disabled={!online || resending || !shown.some((n) => !n.hasSucceeded)}
              onClick={() => resend(shown.filter((n) => !n.hasSucceeded).map((n) => n.id))}
            >
              Resend failed on this page
            </Button>
          </div>
        }
      />
      {failure && (
        <WriteFailure
          failure={failure.message}
          retry={{
            title: 'Resend failed',
            run: () => resendMutation.mutateAsync(failure.ids).then(() => selection.clear()),
          }}
          onDismiss={() => setFailure(null)}
        />
      )}
      {viewing && (
        <AttemptsDialog
          submerchantId={submerchantId}
          endpointId={endpointId}
          notificationId={viewing}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  )
}
