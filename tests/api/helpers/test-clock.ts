import { createClock, type Clock } from '../../../server/clock'

// The sandbox clock of a test app, whose real time (what the test's phone makes TOTP codes from)
// can be moved too: a test that needs the next 30 s code step moves it instead of waiting.
export interface TestClock extends Clock {
  advanceWall(seconds: number): void
}

export function createTestClock(): TestClock {
  let wallOffsetMs = 0
  const clock = createClock(undefined, () => new Date(Date.now() + wallOffsetMs))
  return {
    ...clock,
    advanceWall: (seconds) => {
      wallOffsetMs += seconds * 1000
    },
  }
}
