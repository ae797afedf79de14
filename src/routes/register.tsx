import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { RegisterScreen } from '@/features/auth/register-screen'
import { optionalRedirect } from '@/lib/search'

export const Route = createFileRoute('/register')({
  // Where to go once registered and signed in (an invitation link); the welcome otherwise.
  validateSearch: (search: { redirect?: unknown } & SearchSchemaInput) => ({
    redirect: optionalRedirect(search.redirect),
  }),
  // Its write is a mutation hook (docs/writes.md): the query client first.
  beforeLoad: async ({ context }) => {
    await context.loadQueryClient()
  },
  head: () => ({ meta: [{ title: pageTitle('Create an account') }] }),
  component: RegisterPage,
})

function RegisterPage() {
  const { redirect } = Route.useSearch()
  return <RegisterScreen redirect={redirect} />
}
