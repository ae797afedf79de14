import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { APP_NAME, pageTitle } from '@/config/app'
import { optionalFlag } from '@/lib/search'
import { Alert } from '@/ui/alert'
import { PageHeader } from '@/ui/page-layout'

export const Route = createFileRoute('/_auth/dashboard')({
  validateSearch: (search: { welcome?: unknown } & SearchSchemaInput) => ({
    welcome: optionalFlag(search.welcome),
  }),
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  component: DashboardPage,
})

// Dashboard content is not specified (§2 "content: not shown"); a new registration is welcomed.
function DashboardPage() {
  const { welcome } = Route.useSearch()
  const { submerchant } = Route.useRouteContext()
  return (
    <>
      <PageHeader title="Dashboard" description={submerchant.name} />
      {welcome && (
        <Alert tone="success" title={`Welcome to ${APP_NAME}`}>
          Your account is ready.
        </Alert>
      )}
    </>
  )
}
