// What the delivery loops (webhooks, push) share: options with defaults, a small worker pool, and
// the loop that runs rounds until stopped.

// The knobs of a delivery loop (webhooks, push).
export interface DeliveryLoopOptions {
  // Rows claimed per round, and deliveries in flight at once.
  batchSize?: number
  concurrency?: number
  // Pause when nothing was due (real time).
  idleMs?: number
  // How long a claim holds its rows (sandbox clock); longer than the timeout.
  leaseSeconds?: number
  timeoutMs?: number
  random?: () => number
}

export function deliveryDefaults(
  leaseSeconds: number,
  timeoutMs: number,
): Required<DeliveryLoopOptions> {
  return {
    batchSize: 50,
    concurrency: 16,
    idleMs: 500,
    leaseSeconds,
    timeoutMs,
    random: Math.random,
  }
}

// An option given as undefined (an unset environment variable) keeps its default.
export function withDefaults<T extends object>(defaults: Required<T>, opts: T): Required<T> {
  const given = Object.entries(opts).filter(([, value]) => value !== undefined)
  return { ...defaults, ...Object.fromEntries(given) }
}

// Works through the items with at most `size` at once.
export async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
}

export interface WorkLoop {
  stop(): Promise<void>
}

export interface WorkLoopOptions {
  // A round that claimed this many goes straight on: more are probably due.
  batchSize: number
  // Pause when a round found less (real time).
  idleMs: number
  // Named in the log line of a failed round.
  name: string
}

// Runs `round` (which returns how many rows it claimed) until stopped: straight on while rows keep
// coming, else after a short pause. stop() wakes a pausing loop and waits for its round to end.
export function startWorkLoop(round: () => Promise<number>, options: WorkLoopOptions): WorkLoop {
  let stopped = false
  let wake: (() => void) | null = null
  const run = async () => {
    while (!stopped) {
      let claimed = 0
      try {
        claimed = await round()
      } catch (error) {
        // A database hiccup must not end the loop; the rows stay due.
        console.error(`${options.name} round failed:`, (error as Error).name)
      }
      if (claimed < options.batchSize && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = null
      }
    }
  }
  const running = run()
  return {
    async stop() {
      stopped = true
      ;(wake as (() => void) | null)?.()
      await running
    },
  }
}
