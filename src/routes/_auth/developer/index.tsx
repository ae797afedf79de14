import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { developerQueries } from '@/features/developer/api'
import { DeveloperScreen } from '@/features/developer/developer-screen'
import { LatestSalePicker } from '@/features/sales/latest-sale-picker'
import { loadQuery } from '@/lib/load-query'
import { ACCESS_DENIED_MESSAGES } from '@/policy/access'
import { NotPermitted } from '@/ui/not-permitted'

export const Route = createFileRoute('/_auth/developer/')({
  head: () => ({ meta: [{ title: pageTitle('Developer Tools') }] }),
  loader: ({ context }) =>
    context.access.canUseDeveloperTools
      ? Promise.all([
          loadQuery(context.queryClient, developerQueries.apiKeys(context.submerchant.id)),
          loadQuery(context.queryClient, developerQueries.endpoints(context.submerchant.id)),
        ])
      : undefined,
  component: DeveloperPage,
})

function DeveloperPage() {
  const { submerchant, access } = Route.useRouteContext()
  if (!access.canUseDeveloperTools) {
    return (
      <NotPermitted title="Developer Tools" message={ACCESS_DENIED_MESSAGES.canUseDeveloperTools} />
    )
  }
  return (
    <DeveloperScreen
      submerchantId={submerchant.id}
      renderSalePicker={(picker) => <LatestSalePicker submerchantId={submerchant.id} {...picker} />}
    />
  )
}
