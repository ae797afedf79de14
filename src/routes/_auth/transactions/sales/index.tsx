import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { PageHeader } from '@/ui/page-layout'

export const Route = createFileRoute('/_auth/transactions/sales/')({
  head: () => ({ meta: [{ title: pageTitle('Sales') }] }),
  component: SalesPage,
})

// The sales list itself is the sales issue's; this page makes the auth guard testable.
function SalesPage() {
  return <PageHeader title="Sales" />
}
