import { NEEDS_CONNECTION } from '@/config/app'

// A lazily loaded module that could not load, and who hears of it (lib/lazy-load.ts recognises
// one and loads through loadModule). Apart from it so that /login's first paint, which only
// listens for Vite's reports, does without the rest.

export const MODULE_UNAVAILABLE =
  'This part of the portal is not saved on this device yet. Try again once you are online.'

/** A chunk that did not load; `cause` is the browser's or Vite's own error. */
export class ModuleLoadError extends Error {
  override name = 'ModuleLoadError'
  constructor(cause: unknown) {
    super(NEEDS_CONNECTION, { cause })
  }
}

type Listener = (error: ModuleLoadError) => void
const listeners = new Set<Listener>()

/** Hears of every module that failed to load; returns the unsubscribe. */
export function onModuleLoadError(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function announceModuleLoadError(error: ModuleLoadError): void {
  for (const listener of listeners) listener(error)
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
    announceModuleLoadError(new ModuleLoadError((event as PreloadErrorEvent).payload)),
  )
}
