import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Role } from '@/api/schema/common'
import type { RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import type { Submerchant } from '@/api/schema/submerchants'
import { refundQueries } from '@/features/refunds/api'
import { RefundDialog } from '@/features/refunds/refund-dialog'
import { DeleteRefundDialog, RefundList } from '@/features/refunds/refund-list'
import { REFUND_MESSAGES } from '@/features/refunds/refund-rules'
import { formatMoney } from '@/lib/money'
import { refundableAmount } from '@/lib/refundable'
import { useOnline } from '@/offline/use-online'
import { checkAccess, REFUND_NOT_PERMITTED_LABEL } from '@/policy/access'
import { Button } from '@/ui/button'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { Spinner } from '@/ui/spinner'
import './refunds.css'

interface RefundsSectionProps {
  sale: Sale
  account: Submerchant
  role: Role
  // createdBy of this user reads 'You'.
  currentUserId: string
}

type Editor = { refund?: RefundRequest } | null

// The refund request form and list of refunds (docs/screens.md#sale-detail), with the refundable rule (docs/states.md#refunds) and the permission (docs/roles.md#refunds).
export function RefundsSection({ sale, account, role, currentUserId }: RefundsSectionProps) {
  const online = useOnline()
  const query = useQuery(refundQueries.list(account.id, sale.id))
  const access = checkAccess('canRequestRefund', { role, account })
  const [editor, setEditor] = useState<Editor>(null)
  const [deleting, setDeleting] = useState<RefundRequest | null>(null)
  const refunds = query.data
  const refundable = refunds ? refundableAmount(sale, refunds) : null
  const money = (minor: number) => formatMoney(minor, sale.currency)

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
          submerchantId={account.id}
          sale={sale}
          refund={editor.refund}
          refundable={refundableAmount(sale, refunds, editor.refund?.id)}
          online={online}
          onClose={() => setEditor(null)}
        />
      )}
      {deleting && (
        <DeleteRefundDialog
          submerchantId={account.id}
          sale={sale}
          refund={deleting}
          online={online}
          onClose={() => setDeleting(null)}
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
  // docs/roles.md#refunds: refused people see the disabled 'Not permitted' button titled with the reason; touch has
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
  // docs/states.md#refunds: nothing refundable, nothing to request.
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
