import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { accountQueries } from '@/features/accounts/api'
import { CheckPaymentScreen } from '@/features/payment-proof/check-payment-screen'
import { useOnline } from '@/offline/use-online'

// Check a payment (docs/screens.md#check-a-payment): needs no call, so it opens offline once the
// app is installed; the camera's QR reader loads only when the camera is opened.
export const Route = createFileRoute('/_auth/check-payment')({
  head: () => ({ meta: [{ title: pageTitle('Check a payment') }] }),
  component: CheckPaymentPage,
})

function CheckPaymentPage() {
  // Online, the person's accounts are read (and saved), so an offline check knows them all.
  useQuery({ ...accountQueries.submerchants(), enabled: useOnline() })
  return <CheckPaymentScreen />
}
