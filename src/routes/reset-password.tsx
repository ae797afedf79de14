import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { NewPasswordScreen } from '@/features/auth/new-password-screen'
import { validateTicketSearch } from '@/features/auth/ticket-search'

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateTicketSearch,
  head: () => ({ meta: [{ title: pageTitle('Reset password') }] }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  return <NewPasswordScreen {...Route.useSearch()} mode="reset" />
}
