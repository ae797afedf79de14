import { mkdirSync, rmSync, statSync } from 'node:fs'

// The age of a lock directory in ms; 0 when it is already gone.
function lockAge(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Makes something once among processes started together (a build, a seeded database): while
 * `isMade()` is false, the process that creates the `lock` directory (an atomic step) runs `make`,
 * and the others wait, then find it made. A lock older than `staleMs` was left by a process that
 * died, and is removed.
 */
export async function makeOnce(
  lock: string,
  isMade: () => boolean,
  make: () => Promise<void>,
  { staleMs = 5 * 60_000, pollMs = 500 } = {},
): Promise<void> {
  for (;;) {
    if (isMade()) return
    try {
      mkdirSync(lock)
    } catch {
      if (lockAge(lock) > staleMs) rmSync(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, pollMs))
      continue
    }
    try {
      if (!isMade()) await make()
      return
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}
