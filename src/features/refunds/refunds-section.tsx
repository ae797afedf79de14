import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '@/api/errors'
import type { Role } from '@/api/schema/common'
import type { RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import type { Submerchant } from '@/api/schema/submerchants'
import { deleteRefund, refundKeys, refundQueries } from '@/features/refunds/api'
import { RefundDialog } from '@/features/refunds/refund-dialog'
import {
  deleteFailedMessage,
  isRefundEditable,
  REFUND_MESSAGES,
  refundStatusLabel,
} from '@/features/refunds/refund-rules'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { refundableAmount } from '@/lib/refundable'
import { useOnline } from '@/offline/use-online'
import { checkAccess, REFUND_NOT_PERMITTED_LABEL } from '@/policy/access'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { DataTable, type Column } from '@/ui/data-table'
import { Dialog } from '@/ui/dialog'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { Spinner } from '@/ui/spinner'
import { useToast } from '@/ui/toast'
import './refunds.css'

interface RefundsSectionProps {
  sale: Sale
  account: Submerchant
  role: Role
  // createdBy of this user reads 'You'.
  currentUserId: string
  // Refreshes the sale after a write (its owner knows its key).
  onSaleChanged: () => Promise<void>
}

type Editor = { refund?: RefundRequest } | null

// §2 refund request form, list of refunds, with the §4 refundable rule and the §6 permission.
export function RefundsSection({
  sale,
  account,
  role,
  currentUserId,
  onSaleChanged,
}: RefundsSectionProps) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const query = useQuery(refundQueries.list(account.id, sale.id))
  const access = checkAccess('canRequestRefund', { role, account })
  const [editor, setEditor] = useState<Editor>(null)
  const [deleting, setDeleting] = useState<RefundRequest | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const refunds = query.data
  const refundable = refunds ? refundableAmount(sale, refunds) : null
  const money = (minor: number) => formatMoney(minor, sale.currency)

  // After each write: the refund list and the sale.
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: refundKeys.list(account.id, sale.id) }),
      onSaleChanged(),
    ])
  }

  return (
    <section className="card refunds" aria-labelledby="refunds-title">
      <div className="refunds__header">
        <div>
          <h2 id="refunds-title">Refunds</h2>
          {refundable !== null && (
            <p className="refunds__refundable">
              {refundable > 0 ? `Refundable: ${money(refundable)}` : REFUND_MESSAGES.fullyRefunded}
            </p>
          )}
        </div>
        <RequestButton
          allowed={access.allowed}
          deniedMessage={access.allowed ? '' : access.message}
          online={online}
          refundable={refundable}
          onRequest={() => setEditor({})}
        />
      </div>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {query.isPending && online && <Spinner label="Loading refunds" />}
      {query.isPending && !online && (
        <p className="muted">The refunds of this sale load when you are back online.</p>
      )}
      <QueryErrorAlert title="Failed to load refunds" query={query} />
      {refunds && (
        <RefundList
          refunds={refunds}
          currentUserId={currentUserId}
          canChange={access.allowed}
          online={online}
          onEdit={(refund) => setEditor({ refund })}
          onDelete={setDeleting}
        />
      )}
      {editor && refunds && (
        <RefundDialog
          sale={sale}
          refund={editor.refund}
          refundable={refundableAmount(sale, refunds, editor.refund?.id)}
          online={online}
          onClose={() => setEditor(null)}
          onSaved={refresh}
        />
      )}
      {deleting && (
        <DeleteRefundDialog
          sale={sale}
          refund={deleting}
          online={online}
          onClose={() => setDeleting(null)}
          onDeleted={refresh}
          onFailed={setFailure}
        />
      )}
    </section>
  )
}

function RequestButton({
  allowed,
  deniedMessage,
  online,
  refundable,
  onRequest,
}: {
  allowed: boolean
  deniedMessage: string
  online: boolean
  refundable: number | null
  onRequest: () => void
}) {
  const reasonId = useId()
  // §6: refused people see the disabled 'Not permitted' button titled with the reason; touch has
  // no hover to show a title, so the reason is also written beside it.
  if (!allowed) {
    return (
      <div className="refunds__request">
        <Button variant="secondary" disabled title={deniedMessage} aria-describedby={reasonId}>
          {REFUND_NOT_PERMITTED_LABEL}
        </Button>
        <p id={reasonId} className="muted refunds__note">
          {deniedMessage}
        </p>
      </div>
    )
  }
  // §4: nothing refundable, nothing to request.
  if (refundable === 0) return null
  return (
    <div className="refunds__request">
      <Button
        onClick={onRequest}
        disabled={!online || refundable === null}
        title={online ? undefined : REFUND_MESSAGES.offline}
      >
        Request refund
      </Button>
      {!online && <p className="muted refunds__note">{REFUND_MESSAGES.offline}</p>}
    </div>
  )
}

function RefundList({
  refunds,
  currentUserId,
  canChange,
  online,
  onEdit,
  onDelete,
}: {
  refunds: readonly RefundRequest[]
  currentUserId: string
  canChange: boolean
  online: boolean
  onEdit: (refund: RefundRequest) => void
  onDelete: (refund: RefundRequest) => void
}) {
  const columns: Column<RefundRequest>[] = [
    {
      id: 'status',
      header: 'Status',
      cell: (refund) => (
        <span className={`refund-status refund-status--${refund.status}`}>
          {refundStatusLabel(refund.status)}
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (refund) => formatMoney(refund.amount, refund.currency),
    },
    { id: 'reason', header: 'Reason', cell: (refund) => refund.refundReason, wrap: true },
    { id: 'createdAt', header: 'Created at', cell: (refund) => formatDateTime(refund.createdAt) },
    {
      id: 'createdBy',
      header: 'Created by',
      cell: (refund) =>
        refund.createdBy === currentUserId ? (
          'You'
        ) : (
          // The API names no one but the current user: say who it is not, and keep the id.
          <span className="refunds__user">
            Another user <span className="refunds__user-id">{refund.createdBy}</span>
          </span>
        ),
    },
  ]
  if (canChange && refunds.some(isRefundEditable)) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: (refund) =>
        isRefundEditable(refund) ? (
          <div className="refunds__actions">
            <RowAction refund={refund} online={online} action="Edit" onClick={onEdit} />
            <RowAction refund={refund} online={online} action="Delete" onClick={onDelete} />
          </div>
        ) : null,
    })
  }
  return (
    <DataTable
      caption="Refunds"
      columns={columns}
      rows={refunds}
      rowKey={(refund) => refund.id}
      empty="No refunds for this sale."
    />
  )
}

// Edit or Delete on a pending refund, named with its amount for screen readers.
function RowAction({
  refund,
  online,
  action,
  onClick,
}: {
  refund: RefundRequest
  online: boolean
  action: 'Edit' | 'Delete'
  onClick: (refund: RefundRequest) => void
}) {
  return (
    <Button
      variant={action === 'Delete' ? 'danger' : 'secondary'}
      size="small"
      disabled={!online}
      title={online ? undefined : REFUND_MESSAGES.offline}
      aria-label={`${action} refund of ${formatMoney(refund.amount, refund.currency)}`}
      onClick={() => onClick(refund)}
    >
      {action}
    </Button>
  )
}

function DeleteRefundDialog({
  sale,
  refund,
  online,
  onClose,
  onDeleted,
  onFailed,
}: {
  sale: Sale
  refund: RefundRequest
  online: boolean
  onClose: () => void
  onDeleted: () => Promise<void>
  onFailed: (message: string) => void
}) {
  const toast = useToast()
  const mutation = useMutation({
    mutationFn: () => deleteRefund(sale.id, refund.id),
    // Never paused and resumed later: refunds are not queued (ARCHITECTURE "Writing").
    networkMode: 'always',
    onSuccess: async () => {
      await onDeleted()
      toast.notice('Refund deleted', 'success')
      onClose()
    },
    onError: (cause) => {
      onFailed(deleteFailedMessage(toApiError(cause)))
      onClose()
    },
  })
  const busy = mutation.isPending
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      dismissible={!busy}
      title="Delete refund?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={!online}
            title={online ? undefined : REFUND_MESSAGES.offline}
            onClick={() => mutation.mutate()}
          >
            Delete refund
          </Button>
        </>
      }
    >
      <p>
        The pending refund of <strong>{formatMoney(refund.amount, refund.currency)}</strong> (
        {refund.refundReason}) will be withdrawn.
      </p>
    </Dialog>
  )
}
