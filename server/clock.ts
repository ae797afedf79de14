// Injectable clock: every server rule reads time from here so tests can move it (POST /sandbox/clock).
export interface Clock {
  now(): Date
  advance(seconds: number): void
  // A clock shared by several servers (server/domain/shared-clock.ts): picks up a move made by
  // another server, and makes a move every server sees.
  sync?(): Promise<void>
  advanceShared?(seconds: number): Promise<void>
}

export function createClock(start?: Date): Clock {
  let offsetMs = start ? start.getTime() - Date.now() : 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (seconds: number) => {
      offsetMs += seconds * 1000
    },
  }
}
