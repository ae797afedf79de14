import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { OutboxScreen } from '@/features/outbox/outbox-screen'

// Reads only the local MutationCache: nothing to load, works offline.
export const Route = createFileRoute('/_auth/outbox')({
  head: () => ({ meta: [{ title: pageTitle('Outbox') }] }),
  component: OutboxPage,
})

function OutboxPage() {
  const { submerchant } = Route.useRouteContext()
  return <OutboxScreen account={submerchant} />
}
