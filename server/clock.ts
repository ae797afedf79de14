// Injectable clock: every server rule reads time from here so tests can move it (POST /sandbox/clock).
export interface Clock {
  now(): Date
  // Real time, which POST /sandbox/clock never moves: what a person's phone computes its TOTP codes
  // from (docs/auth.md#passwords-and-mfa). The server's own windows follow now().
  wallNow(): Date
  advance(seconds: number): void
  // A clock shared by several servers (server/domain/shared-clock.ts): picks up a move made by
  // another server, and makes a move every server sees.
  sync?(): Promise<void>
  advanceShared?(seconds: number): Promise<void>
}

// `wall` replaces real time for tests that need the next TOTP step without waiting 30 s.
export function createClock(start?: Date, wall: () => Date = () => new Date()): Clock {
  let offsetMs = start ? start.getTime() - Date.now() : 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    wallNow: wall,
    advance: (seconds: number) => {
      offsetMs += seconds * 1000
    },
  }
}
