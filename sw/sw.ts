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
