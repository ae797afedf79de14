import { useEffect } from 'react'
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { APP_NAME } from '@/config/app'
import type { RouterContext } from '@/session/router-context'
import { NotFound, RouteError } from '@/ui/route-states-lazy'

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: APP_NAME }] }),
  component: RootLayout,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

// The deepest match's `head` title names the tab. Every route's head holds only a title, so this
// replaces the router's HeadContent (and the tag renderer it brings to the first paint).
function useDocumentTitle() {
  const title = useRouterState({
    select: (state) =>
      state.matches
        .findLast((match) => match.meta?.some((tag) => tag?.title))
        ?.meta?.find((tag) => tag?.title)?.title ?? APP_NAME,
  })
  useEffect(() => {
    document.title = title
  }, [title])
}

function RootLayout() {
  useDocumentTitle()
  return <Outlet />
}
