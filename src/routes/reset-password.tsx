import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { NewPasswordScreen } from '@/features/auth/new-password-screen'
import { validateTicketSearch } from '@/features/auth/ticket-search'

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateTicketSearch,
  // Its write is a mutation hook (docs/writes.md): the query client first.
  beforeLoad: async ({ context }) => {
    await context.loadQueryClient()
  },
  head: () => ({ meta: [{ title: pageTitle('Reset password') }] }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  return <NewPasswordScreen {...Route.useSearch()} mode="reset" />
}
