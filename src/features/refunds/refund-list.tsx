import type { RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import { useDeleteRefundMutation } from '@/features/refunds/api'
import {
  deleteFailedMessage,
  isRefundEditable,
  REFUND_MESSAGES,
  refundStatusLabel,
} from '@/features/refunds/refund-rules'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { Button } from '@/ui/button'
import { CodeText } from '@/ui/code-text'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { DataTable, type Column } from '@/ui/data-table'

// The refunds of a sale, with Edit and Delete on pending ones.
export function RefundList({
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
            Another user{' '}
            <span className="refunds__user-id">
              <CodeText value={refund.createdBy} />
            </span>
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

// docs/states.md#refunds: only pending refunds can be deleted, after confirmation; docs/errors.md#sales-refunds-receipts-terminals 'Request failed: …' shows here.
export function DeleteRefundDialog({
  submerchantId,
  sale,
  refund,
  online,
  onClose,
}: {
  submerchantId: string
  sale: Sale
  refund: RefundRequest
  online: boolean
  onClose: () => void
}) {
  const mutation = useDeleteRefundMutation(submerchantId, sale.id)
  return (
    <ConfirmDialog
      title="Delete refund?"
      action="Delete refund"
      tone="danger"
      unavailable={online ? null : REFUND_MESSAGES.offline}
      onConfirm={() => mutation.mutateAsync(refund.id).then(onClose)}
      failureText={deleteFailedMessage}
      onClose={onClose}
    >
      <p>
        The pending refund of <strong>{formatMoney(refund.amount, refund.currency)}</strong> (
        {refund.refundReason}) will be withdrawn.
      </p>
    </ConfirmDialog>
  )
}
