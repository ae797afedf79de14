import { announceModuleLoadError, ModuleLoadError } from '@/lib/module-errors'

/**
 * The one place where a lazily loaded module that cannot load is recognised: offline with the
 * chunk not on the device, or a newer deploy that removed it. Call sites load through loadModule
 * and show NEEDS_CONNECTION where the person acted; listeners (the service worker's update check)
 * hear of every such failure, the ones Vite's preload helper reports included (lib/module-errors.ts).
 */

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

/** Runs a dynamic import; a chunk that cannot load rejects with ModuleLoadError, others as they were. */
export async function loadModule<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isModuleLoadError(error)) throw error
    const failure = error instanceof ModuleLoadError ? error : new ModuleLoadError(error)
    announceModuleLoadError(failure)
    throw failure
  }
}
