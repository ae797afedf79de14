import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { SelectAccountScreen } from '@/features/accounts/select-account-screen'
import { optionalFlag, optionalRedirect } from '@/lib/search'
import { requireLogin } from '@/session/require-login'

export const Route = createFileRoute('/select-account')({
  validateSearch: (search: { redirect?: unknown; welcome?: unknown } & SearchSchemaInput) => ({
    redirect: optionalRedirect(search.redirect),
    welcome: optionalFlag(search.welcome),
  }),
  // docs/screens.md#select-account: entering it clears the chosen submerchant.
  beforeLoad: async ({ context, location }) => {
    requireLogin(context.session, location)
    context.auth.leaveAccount()
    // The account list is in the persisted cache when offline.
    await context.restored
    await context.loadQueryClient()
  },
  head: () => ({ meta: [{ title: pageTitle('Choose an account') }] }),
  component: SelectAccountPage,
})

function SelectAccountPage() {
  const { redirect, welcome } = Route.useSearch()
  return <SelectAccountScreen redirect={redirect} welcome={welcome ?? isWelcome(redirect)} />
}

// A new user arrives here from /?welcome=true (no account chosen yet), so the welcome shows here too.
function isWelcome(redirect: string | undefined): boolean {
  if (!redirect) return false
  return new URL(redirect, window.location.origin).searchParams.get('welcome') === 'true'
}
