type Reporter = (error: unknown) => void

const MAX_QUEUED = 50
const queue: unknown[] = []
let reporter: Reporter | null = null

// Sends an unexpected error to error reporting, queueing it until the reporter has loaded.
export function reportError(error: unknown): void {
  if (reporter) reporter(error)
  else if (queue.length < MAX_QUEUED) queue.push(error)
}

// Called once the lazy error-reporting SDK is ready; flushes what was queued before it.
export function setErrorReporter(next: Reporter | null): void {
  reporter = next
  if (!next) return
  for (const error of queue.splice(0)) next(error)
}
