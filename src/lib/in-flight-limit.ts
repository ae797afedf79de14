/**
 * Runs at most `limit` tasks at once; the others wait their turn, in order. A waiting task whose
 * signal aborts leaves the queue without running. A finished task hands its place straight to the
 * next one, so the limit holds even while callers keep arriving.
 */
export function inFlightLimit(limit: number) {
  let running = 0
  const waiting: Array<() => void> = []

  const turn = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave)
        resolve()
      }
      const leave = () => {
        const at = waiting.indexOf(go)
        if (at >= 0) waiting.splice(at, 1)
        reject(signal?.reason)
      }
      if (signal?.aborted) return reject(signal.reason)
      waiting.push(go)
      signal?.addEventListener('abort', leave, { once: true })
    })

  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (running < limit) running += 1
    else await turn(signal)
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}
