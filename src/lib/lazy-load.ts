import { NEEDS_CONNECTION } from '@/config/app'

/**
 * The one place where a lazily loaded module that cannot load is recognised: offline with the
 * chunk not on the device, or a newer deploy that removed it. Call sites load through loadModule
 * and show NEEDS_CONNECTION where the person acted; listeners (the service worker's update check)
 * hear of every such failure, the ones Vite's preload helper reports included.
 */

export const MODULE_UNAVAILABLE =
  'This part of the portal is not saved on this device yet. Try again once you are online.'

/** A chunk that did not load; `cause` is the browser's or Vite's own error. */
export class ModuleLoadError extends Error {
  override name = 'ModuleLoadError'
  constructor(cause: unknown) {
    super(NEEDS_CONNECTION, { cause })
  }
}

// How Chromium, Firefox, Safari and Vite's preload helper word a chunk that did not load.
const CHUNK_FAILURES = [
  /^Failed to fetch dynamically imported module/,
  /^error loading dynamically imported module/,
  /^Importing a module script failed/,
  /^Unable to preload CSS/,
]

export function isModuleLoadError(error: unknown): boolean {
  if (error instanceof ModuleLoadError) return true
  const message = error instanceof Error ? error.message : ''
  return CHUNK_FAILURES.some((pattern) => pattern.test(message))
}

type Listener = (error: ModuleLoadError) => void
const listeners = new Set<Listener>()

/** Hears of every module that failed to load; returns the unsubscribe. */
export function onModuleLoadError(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function announce(error: ModuleLoadError): void {
  for (const listener of listeners) listener(error)
}

/** Runs a dynamic import; a chunk that cannot load rejects with ModuleLoadError, others as they were. */
export async function loadModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isModuleLoadError(error)) throw error
    const failure = error instanceof ModuleLoadError ? error : new ModuleLoadError(error)
    announce(failure)
    throw failure
  }
}

interface PreloadErrorEvent extends Event {
  payload?: unknown
}

/**
 * Vite reports a chunk (or its stylesheet) that failed to load as 'vite:preloadError' before the
 * import rejects; route chunks, which the router loads itself, are heard of only this way. The
 * import still rejects (no preventDefault), so its caller shows the failure.
 */
export function watchPreloadErrors(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('vite:preloadError', (event) =>
    announce(new ModuleLoadError((event as PreloadErrorEvent).payload)),
  )
}
