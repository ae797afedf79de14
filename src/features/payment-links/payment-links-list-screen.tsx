import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Intent } from '@/api/schema/intents'
import { intentQueries } from '@/features/payment-links/api'
import { BulkBar, SelectLink } from '@/features/payment-links/bulk/bulk-bar'
import { selectionCsvRows, selectionFileName } from '@/features/payment-links/bulk/bulk-export'
import type { BulkAction } from '@/features/payment-links/bulk/bulk-run'
import { BulkRunDialog } from '@/features/payment-links/bulk/bulk-run-dialog'
import { readMatchingLinks } from '@/features/payment-links/bulk/matching-links'
import type { BulkSource } from '@/features/payment-links/bulk/use-bulk-run'
import {
  INTENT_CARD,
  INTENT_COLUMNS,
  intentLabel,
} from '@/features/payment-links/payment-links-columns'
import { IntentSearch } from '@/features/payment-links/intent-search'
import { PAYMENT_LINKS_LIST } from '@/features/payment-links/list-spec'
import { QueuedLinks } from '@/features/payment-links/queued-links'
import { csvBlob } from '@/lib/csv'
import { viewOf, type ListSearch } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { downloadFile } from '@/lib/save-file'
import { DataAge } from '@/offline/data-age'
import { buttonClassName } from '@/ui/button'
import type { Column } from '@/ui/data-table'
import { ListScreen } from '@/ui/list-screen'
import { useToast } from '@/ui/toast'
import { useRowSelection } from '@/ui/use-row-selection'
import './payment-links.css'

interface PaymentLinksListScreenProps {
  submerchantId: string
  accountName: string
  userId: string | null
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
  // Through the policy module (docs/roles.md#payment-links): viewers select and export, but cannot resend or cancel.
  canModify: boolean
}

// /payment-links (docs/screens.md#payment-links): search, the kit's list with filters and chips, bulk actions, create and
// bulk-create.
export function PaymentLinksListScreen({
  submerchantId,
  accountName,
  userId,
  search,
  onSearchChange,
  canModify,
}: PaymentLinksListScreenProps) {
  const toast = useToast()
  const params = toListParams(PAYMENT_LINKS_LIST, search)
  const query = useQuery(intentQueries.list(submerchantId, params))
  // The selection belongs to the account and the filters; paging and sorting keep it.
  const selection = useRowSelection<Intent>(
    JSON.stringify([submerchantId, viewOf({ ...search, sort: undefined })]),
  )
  const [run, setRun] = useState<{ action: BulkAction; source: BulkSource } | null>(null)
  const page =
    query.isSuccess && !query.isPlaceholderData
      ? { rows: query.data.items, total: query.data.total, params }
      : null

  const columns: readonly Column<Intent>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (intent) => <SelectLink intent={intent} selection={selection} />,
    },
    ...INTENT_COLUMNS,
  ]

  async function exportSelection(source: BulkSource) {
    try {
      const intents =
        source.kind === 'rows'
          ? source.intents
          : await readMatchingLinks(
              submerchantId,
              source.params,
              new AbortController().signal,
              () => {},
            )
      const blob = await csvBlob(selectionCsvRows(intents))
      downloadFile(blob, selectionFileName(accountName, new Date()))
      toast.notice(
        `Exported ${intents.length} payment ${intents.length === 1 ? 'link' : 'links'}`,
        'success',
      )
    } catch {
      toast.notice('Could not export the selection', 'error')
    }
  }

  return (
    <>
      <ListScreen
        spec={PAYMENT_LINKS_LIST}
        title="Payment Links"
        className="payment-links-list"
        search={search}
        onSearchChange={onSearchChange}
        query={query}
        columns={columns}
        rowKey={(intent) => intent.id}
        card={{
          shows: ['select', ...INTENT_CARD.shows],
          render: (intent) => (
            <div className="intent-pick">
              <SelectLink intent={intent} selection={selection} />
              {INTENT_CARD.render(intent)}
            </div>
          ),
        }}
        rowLabel={intentLabel}
        errorTitle="Failed to load payment links"
        savedViewsOwner={userId ? { userId, submerchantId } : null}
        age={<DataAge updatedAt={query.dataUpdatedAt} />}
        lead={
          <>
            <IntentSearch submerchantId={submerchantId} />
            <QueuedLinks submerchantId={submerchantId} />
          </>
        }
        toolbar={
          <BulkBar
            selection={selection}
            page={page}
            canModify={canModify}
            onRun={(action, source) => setRun({ action, source })}
            onExport={exportSelection}
          />
        }
        actions={
          <>
            <Link to="/payment-links/create" className={buttonClassName()}>
              Create payment link
            </Link>
            <Link
              to="/payment-links/$"
              params={{ _splat: 'bulk-create' }}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Bulk create
            </Link>
          </>
        }
      />
      {run && (
        <BulkRunDialog
          action={run.action}
          source={run.source}
          submerchantId={submerchantId}
          onUpdated={(intent) => selection.refresh([intent])}
          onClose={() => setRun(null)}
        />
      )}
    </>
  )
}
