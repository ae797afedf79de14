import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { LoginScreen } from '@/features/auth/login-screen'
import { safeRedirect } from '@/lib/safe-redirect'

export const Route = createFileRoute('/login')({
  // Where to go after signing in: a same-origin path only, else the dashboard.
  validateSearch: (search: { redirect?: unknown } & SearchSchemaInput) => ({
    redirect: safeRedirect(search.redirect),
  }),
  head: () => ({ meta: [{ title: pageTitle('Log in') }] }),
  component: LoginPage,
})

function LoginPage() {
  return <LoginScreen />
}
