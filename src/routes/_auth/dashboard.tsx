import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { PageHeader } from '@/ui/page-layout'

export const Route = createFileRoute('/_auth/dashboard')({
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  component: DashboardPage,
})

// Dashboard content is not specified (§2 "content: not shown").
function DashboardPage() {
  return <PageHeader title="Dashboard" />
}
