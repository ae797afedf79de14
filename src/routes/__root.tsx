import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { APP_NAME } from '@/config/app'
import type { Auth } from '@/session/auth'
import type { Session } from '@/session/session'
import { NotFound, RouteError } from '@/ui/route-states'

export interface RouterContext {
  queryClient: QueryClient
  session: Session
  auth: Auth
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: APP_NAME }] }),
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  )
}
