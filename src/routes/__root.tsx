import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { APP_NAME } from '@/config/app'
import type { RouterContext } from '@/session/router-context'
import { NotFound, RouteError } from '@/ui/route-states'

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
