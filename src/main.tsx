import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider, useRouterState } from '@tanstack/react-router'
import { APP_NAME } from '@/config/app'
import { FIRST_RENDER_WAIT_MS, PENDING_MIN_MS, PROGRESS_DELAY_MS } from '@/config/limits'
import { afterFirstIntent, afterFirstPaint, holdUntilFirstRender } from '@/lib/after-first-paint'
import { startErrorReporting } from '@/lib/error-reporting'
import { watchPreloadErrors } from '@/lib/module-errors'
import { onDemand } from '@/lib/on-demand'
import { parseSearch, stringifySearch } from '@/lib/search'
import { listenForInstallPrompt } from '@/offline/install-events'
import { createQueryClientLoader, type QueryClientLoader } from '@/offline/query-client-loader'
import { routeTree } from '@/routeTree.gen'
import { createAuth, type Auth } from '@/session/auth'
import { createSession, type Session } from '@/session/session'
import { clearStaleStorage } from '@/session/storage-reset'
import { loadRouteStates, NotFound, RouteError, RoutePending } from '@/ui/route-states-lazy'
import { ToastProvider } from '@/ui/toast'
import '@/ui/tokens.css'
import '@/ui/base.css'

function createAppRouter(
  loadQueryClient: () => Promise<QueryClient>,
  session: Session,
  auth: Auth,
  restored: Promise<void>,
) {
  return createRouter({
    routeTree,
    context: { loadQueryClient, session, auth, restored },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // React Query owns freshness, so the router never serves its own stale loader data.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: PROGRESS_DELAY_MS,
    // Once shown, the indicator stays long enough to read as one (no flicker), and no longer.
    defaultPendingMinMs: PENDING_MIN_MS,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * The start's steps, as performance marks 'boot:<step>' (the offline bench reports them): the
 * entry evaluated, start()'s synchronous part done, the IndexedDB read, the offline cache's code,
 * the restore, the first render asked for and committed, the router's first page resolved.
 */
function markBoot(step: string): void {
  performance.mark(`boot:${step}`)
}

// The entry's modules (React, the router, the routes) are evaluated in one task; the app starts in
// the next, so that neither is long enough to hold back input or the frame after it.
markBoot('evaluated')
setTimeout(start)

function start(): void {
  // Requested first: nothing renders before it is applied.
  const appStyles = applyAppStyles()
  let firstRendered = () => {}
  holdUntilFirstRender(new Promise<void>((done) => (firstRendered = done)))
  // Before any lazy chunk is asked for: a chunk that cannot load is told to the update check.
  watchPreloadErrors()
  // Before anything reads localStorage (docs/states.md#session).
  clearStaleStorage()
  // Early, before the user menu that offers installing exists: the browser may ask only once.
  listenForInstallPrompt()
  const session = createSession()
  // The persisted cache's IndexedDB persister: loaded with the offline cache's code (a signed-in
  // start at once, /login at the first sign of use), so /login's first paint does without it.
  const persister = onDemand<Persister>(() =>
    import('@/offline/idb-persister').then((m) => m.createIdbPersister()),
  )
  const loadPersister = () => persister.load()
  // Its first restore reads the records index.html's loader began reading as the page started
  // (signed in), else reads them itself.
  let persistedRead: Promise<PersistedClient | undefined> | undefined
  const readPersisted = () =>
    (persistedRead ??= loadPersister().then((persister) => persister.restoreClient()))
  if (session.loggedIn) {
    readPersisted().then(
      () => markBoot('cache-read'),
      () => undefined,
    )
  }
  // TanStack Query's client, created once its code has loaded: /login has no use for it.
  const queryClient = createQueryClientLoader()

  // The query client, the outbox, the persist client and the queueable actions: a signed-in start
  // needs them at once (account routes wait for the restore, features/accounts/guards); a
  // signed-out one, on /login, loads them once the person starts using the page (typing their
  // email) or signs in, so a visit that only looks does not download them.
  const loadPersistence = () =>
    Promise.all([
      queryClient.load(),
      import('@/offline/persistence'),
      import('@/features/receipts/mutations'),
      import('@/features/payment-links/mutations'),
      loadPersister(),
    ])
  const restored: Promise<void> = (
    session.loggedIn ? loadPersistence() : afterFirstIntent(signedIn(session)).then(loadPersistence)
  )
    .then(
      ([
        client,
        { startPersistence },
        { registerReceiptMutations },
        { registerPaymentLinkMutations },
        persister,
      ]) => {
        markBoot('code-loaded')
        // Before the restore, so restored mutations find their mutationFn.
        registerReceiptMutations(client)
        registerPaymentLinkMutations(client)
        return startPersistence({
          queryClient: client,
          session,
          persister,
          persisted: readPersisted(),
        })
      },
    )
    .catch(() => {
      // A chunk that failed to load: the app runs online without its offline cache.
    })
  void restored.then(() => markBoot('restored'))
  const auth = createAuth({
    session,
    loadedQueryClient: queryClient.current,
    // A logout before the persister has loaded (on /login, say) still removes the saved cache.
    persister: {
      removeClient: () => loadPersister().then((persister) => persister.removeClient()),
    },
  })
  const router = createAppRouter(queryClient.load, session, auth, restored)
  auth.setGoToLogin(() => void router.navigate({ to: '/login' }))
  auth.start()
  if (session.loggedIn) loadStartingPageCode(router)

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  // A signed-in start also keeps the loading screen until the persisted cache is in memory (read in
  // parallel with the page's code), so the router's first pass finds the account and the page's rows
  // there and paints them at once, with no spinner between.
  const cacheReady = session.loggedIn ? atMost(restored) : undefined
  // The page is resolved before the first render, which then paints it at once rather than the
  // loading screen, then the app's frame, then the page. Signed in, the router's first pass starts
  // now rather than once React has mounted it: the account guard waits for the restore above, and
  // the page's code is on its way (loadStartingPageCode).
  const pageReady = atMost(
    router.load().catch(() => {
      // The router shows its error page once rendered.
    }),
  )
  const unsubscribe = router.subscribe('onResolved', () => {
    markBoot('routed')
    unsubscribe()
  })
  markBoot('start-done')
  void Promise.all([appStyles, cacheReady, pageReady]).then(() => {
    markBoot('render')
    render(
      container,
      <App
        router={router}
        queryClient={queryClient}
        signedInAtStart={session.loggedIn}
        onCommit={firstRendered}
      />,
      // Signed in, the page is resolved with its rows: rendered at once, it paints sooner than in
      // slices (each waits for a frame of the loading screen that nobody can use).
      session.loggedIn ? 'at-once' : 'in-slices',
    )
  })

  startErrorReporting()
}

// Resolves once the session is signed in.
function signedIn(session: Session): Promise<void> {
  return new Promise((resolve) => {
    const stop = session.subscribe(() => {
      if (!session.loggedIn) return
      stop()
      resolve()
    })
  })
}

/**
 * A signed-in start (the warm start of an installed app, often offline): the code of the page
 * being opened, its shell and the account guard load now, alongside the cache restore, rather
 * than one after another once the router has run each route's guard. Only fetches modules; the
 * router still runs the guards and loaders itself.
 */
function loadStartingPageCode(router: AppRouter) {
  const ignore = () => {
    // A chunk that fails here fails again where the router loads it, and is reported there.
  }
  import('@/features/accounts/guards').catch(ignore)
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of routes) Promise.resolve(router.loadRouteChunk(route)).catch(ignore)
}

// Registers the service worker and shows its notices; not needed for the first paint.
const ServiceWorker = lazy(() =>
  import('@/offline/service-worker').then((m) => ({ default: m.ServiceWorker })),
)

// index.html's loading screen, kept on screen until the router has a page (or its spinner) to show,
// rather than a blank frame between the two.
function BootScreen() {
  return (
    <main className="boot">
      <h1 className="boot__name">{APP_NAME}</h1>
      <p className="boot__text" role="status">
        Loading…
      </p>
    </main>
  )
}

interface AppProps {
  router: AppRouter
  queryClient: QueryClientLoader
  signedInAtStart: boolean
  // Called once React has committed the first render.
  onCommit: () => void
}

function App({ router, queryClient, signedInAtStart, onCommit }: AppProps) {
  const [painted, setPainted] = useState(false)
  // Committed: work held for after the first paint now waits for the frames that paint it.
  // In the commit itself (effects run after it, and often after its paint).
  useLayoutEffect(() => markBoot('committed'), [])
  useEffect(() => onCommit(), [onCommit])
  useEffect(() => void afterFirstPaint().then(() => setPainted(true)), [])
  // Signed in, the router's pending, error and not-found pages are in memory before any is needed
  // (their chunk's shared code is the account pages' own); /login asks for them when it shows one,
  // not by network idle.
  useEffect(() => {
    if (painted && signedInAtStart) loadRouteStates().catch(() => undefined)
  }, [painted, signedInAtStart])
  const routed = useRouterState({ router, select: (state) => state.matches.length > 0 })
  // Undefined until its code has loaded; the screens that use it are behind guards that wait for
  // it, and this store's update reaches React before theirs.
  const client = useSyncExternalStore(queryClient.subscribe, queryClient.current)
  return (
    <QueryClientContext.Provider value={client}>
      <ToastProvider>
        <RouterProvider router={router} />
        {!routed && <BootScreen />}
      </ToastProvider>
      {import.meta.env.PROD && painted && (
        <Suspense fallback={null}>
          <ServiceWorker />
        </Suspense>
      )}
    </QueryClientContext.Provider>
  )
}

// In slices (a transition), React renders the app in slices that yield to the browser between
// them, not in one long task, so that a page someone may already be using (/login's form) stays
// responsive; at once, in one task. index.html's loading screen stays in #root until the result is
// committed.
function render(root: HTMLElement, app: ReactNode, pace: 'in-slices' | 'at-once') {
  const reactRoot = createRoot(root)
  const update = () => reactRoot.render(<StrictMode>{app}</StrictMode>)
  if (pace === 'in-slices') startTransition(update)
  else update()
}

/**
 * index.html paints its loading screen from inline rules and only preloads the app's stylesheet
 * (scripts/first-paint.ts), so that paint waits for nothing; the stylesheet is applied here,
 * before React renders anything that needs it. The dev server injects styles itself.
 */
function applyAppStyles(): Promise<void> {
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')]
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((done) => {
          const sheet = document.createElement('link')
          sheet.rel = 'stylesheet'
          sheet.href = preload.href
          sheet.crossOrigin = preload.crossOrigin
          // A stylesheet that fails leaves the app unstyled but working, as a blocking one would.
          sheet.onload = sheet.onerror = () => done()
          document.head.append(sheet)
        }),
    ),
  ).then(() => undefined)
}

// Never longer than FIRST_RENDER_WAIT_MS: an IndexedDB or a network that stalls must not keep the
// app from starting (the router then shows its own pending page while it finishes).
function atMost(work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((done) => setTimeout(done, FIRST_RENDER_WAIT_MS))])
}
