import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { RouterContext } from '@/session/router-context'
import type { Auth } from '@/session/auth'
import { parseSearch, stringifySearch } from '@/lib/search'
import { createSession } from '@/session/session'
import { ToastProvider } from '@/ui/toast'

/**
 * Renders a screen at `/` inside a real router (memory history) with the given auth controller,
 * plus stub pages for where screens navigate; for component tests of route-level screens.
 */
export async function renderWithRouter(screen: ReactNode, auth: Partial<Auth>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => <Outlet /> })
  const page = (path: string, element: () => ReactNode) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: element })
  const routeTree = rootRoute.addChildren([
    page('/', () => screen),
    page('/select-account', () => <h1>Accounts page</h1>),
    page('/forgot-password', () => <h1>Forgot page</h1>),
    page('/login', () => <h1>Login page</h1>),
  ])
  const router = createRouter({
    parseSearch,
    stringifySearch,
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {
      loadQueryClient: () => Promise.resolve(queryClient),
      session: createSession(localStorage, 'local'),
      auth: auth as Auth,
      restored: Promise.resolve(),
    },
  })
  await router.load()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}
