/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
// Web Push: notifications and their clicks.
import './push'
// The keys that check payment proofs offline.
import './receipt-keys'

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>
}

// Served by the sandbox/API, never by the shell or the caches here.
const SERVER_PATHS = [
  /^\/v1(?:\/|$)/,
  /^\/sandbox(?:\/|$)/,
  /^\/pay(?:\/|$)/,
  /^\/receipts(?:\/|$)/,
]
const isServerPath = (pathname: string) => SERVER_PATHS.some((path) => path.test(pathname))

const IMAGE_CACHE = 'portal-images'

// First install only (no worker was active yet): take the open tabs at once, so the visit that
// installed the app is offline-ready without a reload. A later version waits for the update prompt.
if (!self.registration.active) clientsClaim()

// The Service Worker static routing API (Chromium): rules the browser follows without running
// this worker's code. Typed here as the DOM library does not have it yet.
type RoutedInstallEvent = ExtendableEvent & {
  addRoutes?: (
    rules: { condition: { urlPattern: string }; source: 'cache' | 'network' }[],
  ) => Promise<void>
}

// The hashed scripts and stylesheets are read from the precache by the browser itself, without
// waking this worker's fetch handler for each: a warm start asks for about ten of them before
// anything renders. A file missing from the caches goes to the network, as the handler would
// send it. Browsers without the API use the handler as before.
self.addEventListener('install', (event: RoutedInstallEvent) => {
  if (!event.addRoutes) return
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: '/assets/*.js' }, source: 'cache' },
        { condition: { urlPattern: '/assets/*.css' }, source: 'cache' },
      ])
      .catch(() => undefined),
  )
})

// The app shell only; API responses are never cached here (TanStack Query persists data).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Deep links open the cached shell; server-rendered pages of the API and sandbox go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }),
)

// Operator logos and terminal model pictures: static files of the portal, kept a month, at most 60.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.destination === 'image' && !isServerPath(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: 60,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
)

// Sent by the update prompt when the user chooses to reload into the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
