// The floor page's service worker: Workbox's precache of its build and a navigation route to its
// shell, the same kind of worker as the portal's (sw/sw.ts), without the portal's other routes.
import { clientsClaim, setCacheNameDetails } from 'workbox-core'
import { createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

// A cast, not a declaration: this file is type-checked with the DOM's `self` (tsconfig.node.json).
// The build replaces self.__WB_MANIFEST with the list of the build's files.
type WithManifest = { __WB_MANIFEST: Array<PrecacheEntry | string> }

// Not a "-precache-" name: the portal's worker, scoped to the whole origin, deletes every such
// cache but its own when it activates (cleanupOutdatedCaches), this one included.
setCacheNameDetails({ precache: 'floor-shell' })
clientsClaim()
precacheAndRoute((self as unknown as WithManifest).__WB_MANIFEST)
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')))
