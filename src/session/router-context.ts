import type { QueryClient } from '@tanstack/react-query'
import type { Auth } from '@/session/auth'
import type { Session } from '@/session/session'

// What the router hands every route's beforeLoad and loader; guards in features read it too.
export interface RouterContext {
  // The app's query client, created once TanStack Query's code has loaded: at once on a signed-in
  // start, after the first paint on a signed-out one (/login does not use it). The account guards
  // wait for it and hand it to the routes below them as `queryClient`.
  loadQueryClient: () => Promise<QueryClient>
  session: Session
  auth: Auth
  // Settles once the persisted cache is restored (it never rejects); routes that show account
  // data wait for it, so their loaders see the cache, and offline, render from it.
  restored: Promise<void>
}
