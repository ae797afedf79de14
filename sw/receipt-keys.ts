/// <reference lib="webworker" />
// The public keys that check payment proofs (docs/offline.md#payment-proofs): fetched when the
// worker installs, so the installed app checks a proof on its first visit with no connection, and
// read from the network first afterwards, so every online read refreshes the copy kept here.
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'

declare let self: ServiceWorkerGlobalScope

const KEYS_PATH = '/.well-known/receipt-keys.json'
const KEYS_CACHE = 'receipt-keys'

self.addEventListener('install', (event) => {
  // A failed fetch (offline install) must not stop the install: the next online read stores them.
  event.waitUntil(
    caches
      .open(KEYS_CACHE)
      .then((cache) => cache.add(KEYS_PATH))
      .catch(() => undefined),
  )
})

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === KEYS_PATH,
  // A slow connection (a car park's last bar) falls back to the kept keys after 3 s.
  new NetworkFirst({ cacheName: KEYS_CACHE, networkTimeoutSeconds: 3 }),
)
