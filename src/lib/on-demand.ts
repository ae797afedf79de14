// A value fetched on first use and kept (most often a chunk's code); a failed fetch, such as a
// chunk download offline, is tried again at the next use.
export interface OnDemand<T> {
  readonly loaded: () => T | null
  readonly load: () => Promise<T>
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | null = null
  let pending: Promise<T> | null = null
  return {
    loaded: () => value,
    load: () =>
      (pending ??= load().then(
        (loadedValue) => (value = loadedValue),
        (error: unknown) => {
          pending = null
          throw error
        },
      )),
  }
}
