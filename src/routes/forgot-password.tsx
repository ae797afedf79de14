import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { ForgotPasswordScreen } from '@/features/auth/forgot-password-screen'
import { optionalString } from '@/lib/search'

export const Route = createFileRoute('/forgot-password')({
  // docs/screens.md#forgot-password: the emailAddress query prefills the form.
  validateSearch: (search: { emailAddress?: unknown } & SearchSchemaInput) => ({
    emailAddress: optionalString(search.emailAddress, 254),
  }),
  // Its write is a mutation hook (docs/writes.md): the query client first.
  beforeLoad: async ({ context }) => {
    await context.loadQueryClient()
  },
  head: () => ({ meta: [{ title: pageTitle('Forgot password') }] }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { emailAddress } = Route.useSearch()
  return <ForgotPasswordScreen emailAddress={emailAddress} />
}
