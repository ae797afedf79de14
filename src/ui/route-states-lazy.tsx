import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { NEEDS_CONNECTION, pageTitle } from '@/config/app'
import { MODULE_UNAVAILABLE } from '@/lib/module-errors'
import { onDemand } from '@/lib/on-demand'

// The router's pending, error and not-found pages (route-states.tsx), loaded after the first
// paint (main.tsx asks for them then): /login's form needs none of them, and they bring the
// query error boundary, the error reporter and their styles along.
// Loaded once; a load that failed (offline) is tried again by the next page state that needs them.
type RouteStates = typeof import('@/ui/route-states')
const routeStates = onDemand<RouteStates>(() => import('@/ui/route-states'))
export const loadRouteStates = (): Promise<RouteStates> => routeStates.load()

// Their own code could not load (offline, not on the device): said plainly, without their styles.
function Unavailable() {
  return (
    <div className="route-error" role="alert">
      <h1>This page could not be loaded</h1>
      <p>{`${NEEDS_CONNECTION}. ${MODULE_UNAVAILABLE}`}</p>
    </div>
  )
}

function lazyState<P extends object>(
  pick: (states: RouteStates) => ComponentType<P>,
  unavailable: ComponentType<P>,
): (props: P) => ReactNode {
  const Loaded = lazy(() =>
    loadRouteStates().then(
      (states) => ({ default: pick(states) }),
      () => ({ default: unavailable }),
    ),
  )
  return function RouteState(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
}

export const RoutePending = lazyState<object>(
  (states) => states.RoutePending,
  () => null,
)
export const RouteError = lazyState<ErrorComponentProps>((states) => states.RouteError, Unavailable)
export const NotFound = lazyState<object>((states) => states.NotFound, Unavailable)
export const NotFoundInShell = lazyState<object>((states) => states.NotFoundInShell, Unavailable)

// Route options for an account path whose screen is not built yet (docs/screens.md#routing-rules); spread them, as the router
// writes each route's id into its options object.
export const NOT_BUILT_PAGE = {
  head: () => ({ meta: [{ title: pageTitle('Page Not Found') }] }),
  component: NotFoundInShell,
}
