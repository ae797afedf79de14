import type { MutationKey, QueryKey } from '@tanstack/react-query'
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { BUILD_VERSION } from '@/config/build'
import { PERSIST_MAX_AGE_MS } from '@/config/limits'
import { containsCardNumber } from '@/offline/card-number'
import { stampBuster } from '@/offline/idb-persister'
import { QUEUEABLE_KEY_ROOT } from '@/offline/queueable'

// The IndexedDB persister itself is light and lives apart, so the boot bundle can start reading early.
export { createIdbPersister } from '@/offline/idb-persister'

// The outbox: queued, in-flight and failed queueable actions (a failed one waits for Retry).
export function shouldPersistMutation(mutation: {
  options: { mutationKey?: MutationKey }
  state: { status: string }
}): boolean {
  return (
    mutation.options.mutationKey?.[0] === QUEUEABLE_KEY_ROOT &&
    (mutation.state.status === 'pending' || mutation.state.status === 'error')
  )
}

// A new build or another user discards the persisted cache.
export function persisterBuster(userId: string | null): string {
  return `${userId ?? 'anonymous'}:${BUILD_VERSION}`
}

const SUBMERCHANT_ID = /^sub_[A-Za-z0-9_]+$/

/**
 * Account data (keys start with the submerchant id) and the signed-in user's ['user', …]
 * queries (profile, account list) that the shell and /select-account need offline. Nothing
 * else: not the system status, not sign-in or sandbox answers.
 */
export function isPersistableKey(queryKey: QueryKey): boolean {
  const [first] = queryKey
  return first === 'user' || (typeof first === 'string' && SUBMERCHANT_ID.test(first))
}

// Query data is immutable, so one scan per data object is enough.
const cardCheck = new WeakMap<object, boolean>()

function holdsCardNumber(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return containsCardNumber(data)
  let found = cardCheck.get(data)
  if (found === undefined) {
    found = containsCardNumber(data)
    cardCheck.set(data, found)
  }
  return found
}

/**
 * Answers read back from the persisted cache passed the check when they were written (by this
 * build: another build's cache is discarded), so the first save after a restore need not scan them
 * all again.
 */
export function markPersistedAnswers(client: PersistedClient | undefined): void {
  for (const query of client?.clientState.queries ?? []) {
    const data: unknown = query.state.data
    if (typeof data === 'object' && data !== null) cardCheck.set(data, false)
  }
}

// The parts of a query the decision reads; the persist client's query-core copy has its own types.
export interface PersistCandidate {
  queryKey: QueryKey
  state: { status: string; data: unknown }
  meta?: { persist?: boolean } | Record<string, unknown>
}

/**
 * Only successful account data is saved; a query opts out with meta.persist = false (API key
 * tokens, signing secrets), and anything holding a full card number is never written.
 */
export function shouldPersistQuery(query: PersistCandidate): boolean {
  return (
    query.state.status === 'success' &&
    query.meta?.persist !== false &&
    isPersistableKey(query.queryKey) &&
    !holdsCardNumber(query.state.data)
  )
}

export function persistOptions(
  persister: Persister,
  userId: string | null,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  const buster = persisterBuster(userId)
  stampBuster(persister, buster)
  return {
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: shouldPersistMutation,
    },
  }
}
