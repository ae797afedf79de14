import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { LoginScreen } from '@/features/auth/login-screen'
import { optionalRedirect } from '@/lib/search'

export const Route = createFileRoute('/login')({
  // Where to go after signing in: a same-origin path only; without one, account selection.
  validateSearch: (search: { redirect?: unknown } & SearchSchemaInput) => ({
    redirect: optionalRedirect(search.redirect),
  }),
  head: () => ({ meta: [{ title: pageTitle('Log in') }] }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  return <LoginScreen redirect={redirect} />
}
