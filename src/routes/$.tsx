import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { AccountFrame, AccountFrameError } from '@/routes/-account-frame'
import { NotFound, NotFoundInShell } from '@/ui/route-states-lazy'

// A path no route has (docs/screens.md#routing-rules): Page Not Found, bare when signed out, and in
// the signed-in frame otherwise (with the chosen account's bar, search and bell when there is one).
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ context, location }) => {
    if (!context.session.loggedIn) return { frame: null }
    // Loaded on demand, as in the _auth guard, to keep the account loaders out of the /login bundle.
    const { requireUser } = await import('@/features/accounts/guards')
    const { submerchant, submerchantRole } = await requireUser(context, location)
    return { frame: { submerchant, submerchantRole } }
  },
  head: () => ({ meta: [{ title: pageTitle('Page Not Found') }] }),
  errorComponent: AccountFrameError,
  component: UnknownPath,
})

function UnknownPath() {
  const { frame } = Route.useRouteContext()
  if (!frame) return <NotFound />
  return (
    <AccountFrame account={frame.submerchant} role={frame.submerchantRole}>
      <NotFoundInShell />
    </AccountFrame>
  )
}
