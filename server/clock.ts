// Injectable clock: every server rule reads time from here so tests can move it (POST /sandbox/clock).
export interface Clock {
  now(): Date
  advance(seconds: number): void
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
