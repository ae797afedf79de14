import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { pageTitle } from '@/config/app'
import { accountQueries } from '@/features/accounts/api'
import { parseProofToken } from '@/features/payment-proof/proof-token'
import { ProofVerdictScreen, type LaterEvent } from '@/features/payment-proof/proof-verdict-screen'
import { refundQueries } from '@/features/refunds/api'
import { useOnline } from '@/offline/use-online'

// /v/{token}: a proof of payment opened as a link or scanned (docs/screens.md#check-a-payment).
// The check runs on the device with no call; online, the sale's refunds are added when it is a sale
// of the current account.
export const Route = createFileRoute('/_auth/v/$token')({
  head: () => ({ meta: [{ title: pageTitle('Check a payment') }] }),
  component: ProofPage,
})

function ProofPage() {
  const { token } = Route.useParams()
  const { submerchant } = Route.useRouteContext()
  const online = useOnline()
  // The accounts this person belongs to, as the device last saw them, and the current one.
  const accounts = useQuery({ ...accountQueries.submerchants(), enabled: online })
  const members = useMemo(
    () => new Set([submerchant.id, ...(accounts.data ?? []).map((account) => account.id)]),
    [submerchant.id, accounts.data],
  )
  const isMember = useCallback((accountId: string) => members.has(accountId), [members])
  const saleId = useMemo(() => {
    const payload = parseProofToken(token)?.payload
    return payload?.acct === submerchant.id ? payload.sale : null
  }, [token, submerchant.id])
  const refunds = useQuery({
    ...refundQueries.list(submerchant.id, saleId ?? ''),
    enabled: online && saleId !== null,
  })
  const later = useMemo<LaterEvent[]>(
    () =>
      (refunds.data ?? [])
        .filter((refund) => refund.status !== 'rejected')
        .map((refund) => ({
          kind: refund.status === 'pending' ? 'refund-pending' : 'refunded',
          amount: refund.amount,
          currency: refund.currency,
          at: refund.createdAt,
        })),
    [refunds.data],
  )
  return <ProofVerdictScreen token={token} isMember={isMember} later={later} />
}
