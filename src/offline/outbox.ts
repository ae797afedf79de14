import {
  onlineManager,
  type Mutation,
  type MutationCache,
  type MutationKey,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import {
  isQueueableVariables,
  QUEUEABLE_KEY_ROOT,
  type OutboxLabel,
  type QueueableVariables,
} from '@/offline/queueable'

/**
 * The outbox: queueable mutations (docs/offline.md#writing) read straight from the MutationCache,
 * which the persister keeps across reloads. Nothing is copied elsewhere, so the screen, the badge
 * and the logout dialog can never disagree with what will actually be sent.
 */

export type OutboxStatus = 'queued' | 'sending' | 'failed'

export interface OutboxEntry {
  mutationId: number
  status: OutboxStatus
  label: OutboxLabel
  idempotencyKey: string
  error: unknown
}

type AnyMutation = Mutation

function queueableVariables(mutation: AnyMutation): QueueableVariables | null {
  if (mutation.options.mutationKey?.[0] !== QUEUEABLE_KEY_ROOT) return null
  const variables = mutation.state.variables
  return isQueueableVariables(variables) ? variables : null
}

// Pending and paused: waiting for a connection; pending and running: on its way; error: failed.
export function outboxStatus(mutation: AnyMutation): OutboxStatus | null {
  switch (mutation.state.status) {
    case 'pending':
      return mutation.state.isPaused ? 'queued' : 'sending'
    case 'error':
      return 'failed'
    default:
      return null
  }
}

export function outboxEntryOf(mutation: AnyMutation): OutboxEntry | null {
  const variables = queueableVariables(mutation)
  const status = outboxStatus(mutation)
  if (!variables || !status) return null
  return {
    mutationId: mutation.mutationId,
    status,
    label: variables.outbox,
    idempotencyKey: variables.idempotencyKey,
    error: mutation.state.error,
  }
}

// The account's entries in the order they were made (which is the order they replay in).
export function outboxEntries(cache: MutationCache, submerchantId: string): OutboxEntry[] {
  return cache
    .getAll()
    .map(outboxEntryOf)
    .filter((entry): entry is OutboxEntry => entry?.label.submerchantId === submerchantId)
    .sort(byQueuedAt)
}

// Every account's entries not yet sent (queued or failed): what a logout would discard.
export function unsentOutboxEntries(cache: MutationCache): OutboxEntry[] {
  return cache
    .getAll()
    .map(outboxEntryOf)
    .filter((entry): entry is OutboxEntry => entry !== null && entry.status !== 'sending')
    .sort(byQueuedAt)
}

export function byQueuedAt(a: OutboxEntry, b: OutboxEntry): number {
  return a.label.queuedAt.localeCompare(b.label.queuedAt) || a.mutationId - b.mutationId
}

function findQueueable(cache: MutationCache, mutationId: number): AnyMutation | undefined {
  return cache.getAll().find((m) => m.mutationId === mutationId && queueableVariables(m) !== null)
}

/**
 * Removes a queued or failed entry so it is never sent. One already on its way cannot be
 * called back (the server may have it), so it is left alone and false is returned.
 */
export function cancelOutboxEntry(queryClient: QueryClient, mutationId: number): boolean {
  const cache = queryClient.getMutationCache()
  const mutation = findQueueable(cache, mutationId)
  if (!mutation || outboxStatus(mutation) === 'sending') return false
  cache.remove(mutation)
  return true
}

/**
 * Sends a failed entry again with the SAME variables, hence the same Idempotency-Key: if the
 * first attempt did reach the server, the server answers with its stored result instead of
 * doing the work twice. The mutationFn comes from the key's registered defaults.
 */
export function retryOutboxEntry(queryClient: QueryClient, mutationId: number): boolean {
  const cache = queryClient.getMutationCache()
  const failed = findQueueable(cache, mutationId)
  if (!failed || outboxStatus(failed) !== 'failed') return false
  const variables = failed.state.variables
  const mutationKey: MutationKey | undefined = failed.options.mutationKey
  cache.remove(failed)
  cache
    .build(queryClient, { mutationKey })
    .execute(variables)
    // The outcome is shown by the outbox entry itself (and reported by the cache's onError).
    .catch(() => undefined)
  return true
}

// What each queueable area's replay makes stale, registered next to its mutation defaults.
type TouchedKeys = (variables: QueueableVariables) => QueryKey[]
const touchedKeysByArea = new Map<string, TouchedKeys>()

function areaOf(mutationKey: MutationKey | undefined): string {
  return JSON.stringify(mutationKey ?? [])
}

export function registerTouchedKeys(mutationKey: MutationKey, touched: TouchedKeys): void {
  touchedKeysByArea.set(areaOf(mutationKey), touched)
}

// Each distinct key once, in the order the mutations ran.
export function touchedKeysOf(mutations: AnyMutation[]): QueryKey[] {
  const seen = new Set<string>()
  const keys: QueryKey[] = []
  for (const mutation of mutations) {
    const variables = queueableVariables(mutation)
    const touched = touchedKeysByArea.get(areaOf(mutation.options.mutationKey))
    if (!variables || !touched) continue
    for (const key of touched(variables)) {
      const hash = JSON.stringify(key)
      if (seen.has(hash)) continue
      seen.add(hash)
      keys.push(key)
    }
  }
  return keys
}

// Each one sent, failed, cancelled, or paused again because the connection dropped.
function untilSettled(cache: MutationCache, mutations: AnyMutation[]): Promise<void> {
  const settled = () =>
    mutations.every(
      (m) =>
        m.state.status !== 'pending' ||
        (m.state.isPaused && !onlineManager.isOnline()) ||
        !cache.getAll().includes(m),
    )
  if (settled()) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (!settled()) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Replays the outbox: resume paused mutations (serially, by their shared scope), then refresh
 * what the sent ones touched, each key once. Offline it does nothing: resuming a restored
 * mutation while offline leaves a promise that never settles and blocks every later replay
 * (TanStack Query #5847).
 */
export async function replayOutbox(queryClient: QueryClient): Promise<void> {
  if (!onlineManager.isOnline()) return
  const cache = queryClient.getMutationCache()
  // Pending, not just paused: the client's own online listener may have resumed some already.
  const replaying = cache
    .getAll()
    .filter((m) => m.state.status === 'pending' && queueableVariables(m))
  await queryClient.resumePausedMutations()
  // A paused run is resumed in place, and resuming does not wait for it to finish.
  await untilSettled(cache, replaying)
  const sent = replaying.filter((m) => m.state.status === 'success')
  await Promise.all(
    touchedKeysOf(sent).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

/**
 * Guards the outbox against restored duplicates (TanStack Query #4846): if a persisted client is
 * hydrated into a cache that already holds its mutations, every queued action would be built a
 * second time and persisted doubled on each reload. The Idempotency-Key identifies an action,
 * so a second mutation with a key already in the cache is dropped at once.
 */
export function guardOutboxDuplicates(queryClient: QueryClient): () => void {
  const cache = queryClient.getMutationCache()
  return cache.subscribe((event) => {
    if (event.type !== 'added') return
    const added = queueableVariables(event.mutation)
    if (!added) return
    const duplicate = cache
      .getAll()
      .some(
        (m) =>
          m !== event.mutation && queueableVariables(m)?.idempotencyKey === added.idempotencyKey,
      )
    if (duplicate) cache.remove(event.mutation)
  })
}

/**
 * The browser's own flag at start-up: onlineManager assumes "online" until an event says
 * otherwise, so after an offline reload restored mutations would run, fail and be lost.
 */
export function syncOnlineManager(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine)
  }
}

/**
 * Wires the outbox into a client before the persisted cache is restored: the browser's online
 * flag, the duplicate guard, and a replay (with invalidation) on every reconnect.
 */
export function startOutbox(queryClient: QueryClient): () => void {
  syncOnlineManager()
  const stopGuard = guardOutboxDuplicates(queryClient)
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) void replayOutbox(queryClient)
  })
  return () => {
    stopGuard()
    stopOnline()
  }
}
