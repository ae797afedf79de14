import type { QueryClient } from '@tanstack/react-query'
import type { Auth } from '@/session/auth'
import type { Session } from '@/session/session'

// What the router hands every route's beforeLoad and loader; guards in features read it too.
export interface RouterContext {
  queryClient: QueryClient
  session: Session
  auth: Auth
  // Settles once the persisted cache is restored (it never rejects); routes that show account
  // data wait for it, so their loaders see the cache, and offline, render from it.
  restored: Promise<void>
}
