import { describe, expect, it } from 'vitest'
import { inFlightLimit } from '@/lib/in-flight-limit'

// A task that finishes only when told.
function gate() {
  let open = () => {}
  const done = new Promise<void>((resolve) => (open = resolve))
  return { open, done }
}

describe('inFlightLimit', () => {
  it('runs at most the limit at once; the rest start in order as places free', async () => {
    const run = inFlightLimit(2)
    const gates = [gate(), gate(), gate(), gate()]
    const started: number[] = []
    const all = gates.map((g, i) =>
      run(async () => {
        started.push(i)
        await g.done
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1]?.open()
    await expect.poll(() => started).toEqual([0, 1, 2])
    // A newcomer waits behind the queue, never past the limit.
    const late = run(async () => {
      started.push(9)
      return 9
    })
    gates[0]?.open()
    await expect.poll(() => started).toEqual([0, 1, 2, 3])
    gates[2]?.open()
    gates[3]?.open()
    expect(await Promise.all([...all, late])).toEqual([0, 1, 2, 3, 9])
    expect(started).toEqual([0, 1, 2, 3, 9])
  })

  it('a waiting task that is aborted never runs and frees its turn; a failure frees its place', async () => {
    const run = inFlightLimit(1)
    const first = gate()
    const ran: string[] = []
    const holding = run(async () => {
      ran.push('first')
      await first.done
      throw new Error('failed')
    })
    const controller = new AbortController()
    const aborted = run(async () => {
      ran.push('aborted')
    }, controller.signal)
    const next = run(async () => {
      ran.push('next')
      return 'ok'
    })
    controller.abort(new Error('left'))
    await expect(aborted).rejects.toThrow('left')
    first.open()
    await expect(holding).rejects.toThrow('failed')
    expect(await next).toBe('ok')
    expect(ran).toEqual(['first', 'next'])
  })
})
