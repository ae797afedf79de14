import { StrictMode, useMemo, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { useIsRestoring, type QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { PROGRESS_DELAY_MS } from '@/config/limits'
import { startErrorReporting } from '@/lib/error-reporting'
import { registerReceiptMutations } from '@/features/receipts/api'
import { replayOutbox, startOutbox } from '@/offline/outbox'
import { createIdbPersister, persistOptions } from '@/offline/persister'
import { createQueryClient } from '@/offline/query-client'
import { ServiceWorker } from '@/offline/service-worker'
import { routeTree } from '@/routeTree.gen'
import { createAuth, type Auth } from '@/session/auth'
import { createSession, type Session } from '@/session/session'
import { clearStaleStorage } from '@/session/storage-reset'
import { Progress } from '@/ui/progress'
import { NotFound, RouteError, RoutePending } from '@/ui/route-states'
import { ToastProvider } from '@/ui/toast'
import '@/ui/tokens.css'
import '@/ui/base.css'

function createAppRouter(queryClient: QueryClient, session: Session, auth: Auth) {
  return createRouter({
    routeTree,
    context: { queryClient, session, auth },
    defaultPreload: 'intent',
    // React Query owns freshness, so the router never serves its own stale loader data.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: PROGRESS_DELAY_MS,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

// Before anything reads localStorage (§4).
clearStaleStorage()
const queryClient = createQueryClient()
// Before the persisted cache is restored, so restored mutations find their mutationFn.
registerReceiptMutations(queryClient)
startOutbox(queryClient)
const session = createSession()
const persister = createIdbPersister()
const auth = createAuth({ session, queryClient, persister })
const router = createAppRouter(queryClient, session, auth)
auth.setGoToLogin(() => void router.navigate({ to: '/login' }))
auth.start()

function App() {
  const userId = useSyncExternalStore(session.subscribe, () => session.userId)
  const options = useMemo(() => persistOptions(persister, userId), [userId])
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={options}
      // Not awaited: the provider waits for onSuccess before rendering, and a replay may be slow.
      onSuccess={() => void replayOutbox(queryClient)}
    >
      <ToastProvider>
        <RestoredRouter />
      </ToastProvider>
      {import.meta.env.PROD && <ServiceWorker />}
    </PersistQueryClientProvider>
  )
}

// Loaders must see the restored cache, so the router waits for IndexedDB.
function RestoredRouter() {
  const restoring = useIsRestoring()
  if (restoring) return <Progress label="Loading" />
  return <RouterProvider router={router} />
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

startErrorReporting()
