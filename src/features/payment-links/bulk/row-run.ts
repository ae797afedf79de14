/**
 * The one loop behind every bulk job on rows (bulk actions on selected links, bulk create from a
 * file): one row at a time, in order, asking before each row whether to stop, so a stop takes
 * effect after the row in flight. Each hook is awaited, so a row's state can be saved before the
 * next step.
 */
export interface RowLoop<T, Stop> {
  // Asked before each row: why to stop (the person pressed Stop or Pause, the connection went).
  stopReason: () => Stop | null
  perform: (index: number) => Promise<T>
  onStart: (index: number) => void | Promise<void>
  onSuccess: (index: number, result: T) => void | Promise<void>
  // A row's failure; answering a stop ends the run at once (an import that lost its answer).
  onFailure: (index: number, error: unknown) => Stop | null | void | Promise<Stop | null | void>
}

export interface LoopEnd<Stop> {
  stopped: Stop | null
  // The rows not started because the run stopped first, in order.
  left: number[]
}

export async function runEachRow<T, Stop>(
  indexes: readonly number[],
  loop: RowLoop<T, Stop>,
): Promise<LoopEnd<Stop>> {
  for (const [at, index] of indexes.entries()) {
    const before = loop.stopReason()
    if (before !== null) return { stopped: before, left: indexes.slice(at) }
    await loop.onStart(index)
    try {
      const result = await loop.perform(index)
      await loop.onSuccess(index, result)
    } catch (error) {
      const stop = await loop.onFailure(index, error)
      if (stop !== null && stop !== undefined) {
        return { stopped: stop, left: indexes.slice(at + 1) }
      }
    }
  }
  return { stopped: null, left: [] }
}
