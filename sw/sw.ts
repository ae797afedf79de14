/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>
}

// The app shell only; API responses are never cached here (TanStack Query persists data).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Deep links open the cached shell; server-rendered pages of the API and sandbox go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/v1(?:\/|$)/, /^\/sandbox(?:\/|$)/, /^\/pay(?:\/|$)/, /^\/receipts(?:\/|$)/],
  }),
)

// Sent by the update prompt when the user chooses to reload into the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
