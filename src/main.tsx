import { lazy, StrictMode, Suspense, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { PROGRESS_DELAY_MS } from '@/config/limits'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { startErrorReporting } from '@/lib/error-reporting'
import { createIdbPersister } from '@/offline/idb-persister'
import { listenForInstallPrompt } from '@/offline/install'
import { createQueryClient } from '@/offline/query-client'
import { routeTree } from '@/routeTree.gen'
import { createAuth, type Auth } from '@/session/auth'
import { createSession, type Session } from '@/session/session'
import { clearStaleStorage } from '@/session/storage-reset'
import { NotFound, RouteError, RoutePending } from '@/ui/route-states'
import { ToastProvider } from '@/ui/toast'
import '@/ui/tokens.css'
import '@/ui/base.css'

function createAppRouter(
  queryClient: QueryClient,
  session: Session,
  auth: Auth,
  restored: Promise<void>,
) {
  return createRouter({
    routeTree,
    context: { queryClient, session, auth, restored },
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
// Early, before the user menu that offers installing exists: the browser may ask only once.
listenForInstallPrompt()
const queryClient = createQueryClient()
const session = createSession()
const persister = createIdbPersister()
// The persisted cache is read from IndexedDB now, in parallel with the code that restores it.
const persisted = Promise.resolve(persister.restoreClient())
// The outbox, the persist client and the queueable actions: a signed-in start needs them at once
// (account routes wait for the restore, features/accounts/guards); a signed-out one, on /login,
// loads them after its first paint.
const restored: Promise<void> = (session.loggedIn ? Promise.resolve() : afterFirstPaint())
  .then(() =>
    Promise.all([
      import('@/offline/persistence'),
      import('@/features/receipts/api'),
      import('@/features/payment-links/mutations'),
    ]),
  )
  .then(
    ([{ startPersistence }, { registerReceiptMutations }, { registerPaymentLinkMutations }]) => {
      // Before the restore, so restored mutations find their mutationFn.
      registerReceiptMutations(queryClient)
      registerPaymentLinkMutations(queryClient)
      return startPersistence({ queryClient, session, persister, persisted })
    },
  )
  .catch(() => {
    // A chunk that failed to load: the app runs online without its offline cache.
  })
const auth = createAuth({ session, queryClient, persister })
const router = createAppRouter(queryClient, session, auth, restored)
auth.setGoToLogin(() => void router.navigate({ to: '/login' }))
auth.start()

// Registers the service worker and shows its notices; not needed for the first paint.
const ServiceWorker = lazy(() =>
  import('@/offline/service-worker').then((m) => ({ default: m.ServiceWorker })),
)

function App() {
  const [painted, setPainted] = useState(false)
  useEffect(() => void afterFirstPaint().then(() => setPainted(true)), [])
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
      {import.meta.env.PROD && painted && (
        <Suspense fallback={null}>
          <ServiceWorker />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

startErrorReporting()
