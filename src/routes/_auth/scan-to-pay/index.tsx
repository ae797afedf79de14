import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { scanToPayUrl } from '@/features/scan-to-pay/pay-link'
import { ScanToPayScreen } from '@/features/scan-to-pay/scan-to-pay-screen'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

// /scan-to-pay, titled Anytime Payments (docs/screens.md#scan-to-pay). Needs no call: the account in context is enough, so
// the page works offline once its chunks are installed.
export const Route = createFileRoute('/_auth/scan-to-pay/')({
  head: () => ({ meta: [{ title: pageTitle('Anytime Payments') }] }),
  component: ScanToPayPage,
})

function ScanToPayPage() {
  const { submerchant, access } = Route.useRouteContext()
  if (!access.canUseScanToPay) {
    return (
      <NotPermitted title="Anytime Payments" message={ACCESS_DENIED_MESSAGES.canUseScanToPay} />
    )
  }
  return (
    <ScanToPayScreen
      accountName={submerchant.name}
      payUrl={scanToPayUrl(submerchant.id)}
      needsEnrollment={access.needsEnrollment}
    />
  )
}
