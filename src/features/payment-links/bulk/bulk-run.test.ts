import { describe, expect, it } from 'vitest'
import {
  countToDo,
  failureState,
  planRun,
  runRows,
  summaryText,
  type BulkIntent,
  type RowState,
} from '@/features/payment-links/bulk/bulk-run'

const link = (
  id: string,
  status: BulkIntent['status'],
  phone: string | null = '+447700900123',
) => ({
  id,
  status,
  customerPhoneNumber: phone,
})

describe('planRun', () => {
  it('cancels links in created only and says why the others are skipped', () => {
    const plan = planRun('cancel', [
      link('int_1', 'created'),
      link('int_2', 'succeeded'),
      link('int_3', 'pending'),
    ])
    expect(plan).toEqual([
      { kind: 'waiting' },
      { kind: 'skipped', reason: 'Only Created links can be cancelled; this one is Succeeded' },
      { kind: 'skipped', reason: 'Only Created links can be cancelled; this one is Pending' },
    ])
    expect(countToDo(plan)).toBe(1)
  })

  it('resends to every link with a phone, final ones included (the server refuses those)', () => {
    const plan = planRun('resend', [
      link('int_1', 'created'),
      link('int_2', 'cancelled'),
      link('int_3', 'created', null),
    ])
    expect(plan).toEqual([
      { kind: 'waiting' },
      { kind: 'waiting' },
      { kind: 'skipped', reason: 'Customer phone number is required to send SMS' },
    ])
  })
})

describe('failureState', () => {
  it('a 4xx answer is refused with the server message', () => {
    expect(
      failureState({
        status: 409,
        message: "Cannot resend notifications when status is 'expired'",
      }),
    ).toEqual({ kind: 'refused', message: "Cannot resend notifications when status is 'expired'" })
  })

  it('no answer or a server fault is failed with the error message', () => {
    expect(failureState({ status: 0, message: 'Error - no response from server.' })).toEqual({
      kind: 'failed',
      message: 'Error - no response from server.',
    })
    expect(failureState({ status: 500, message: 'Sorry, an unknown error occurred.' }).kind).toBe(
      'failed',
    )
  })
})

describe('summaryText', () => {
  const states = (...kinds: RowState['kind'][]): RowState[] =>
    kinds.map((kind) =>
      kind === 'refused' || kind === 'failed'
        ? { kind, message: 'x' }
        : kind === 'skipped'
          ? { kind, reason: 'x' }
          : ({ kind } as RowState),
    )

  it('says "8 sent, 2 refused"', () => {
    expect(
      summaryText('resend', [
        ...states('success', 'success', 'success', 'success', 'success', 'success'),
        ...states('success', 'success', 'refused', 'refused'),
      ]),
    ).toBe('8 sent, 2 refused')
  })

  it('always gives the successes, then only the outcomes that happened', () => {
    expect(summaryText('cancel', states('skipped', 'skipped'))).toBe('0 cancelled, 2 skipped')
    expect(summaryText('cancel', states('success', 'failed', 'notRun', 'notRun'))).toBe(
      '1 cancelled, 1 failed, 2 not run',
    )
  })
})

describe('runRows', () => {
  function recorder() {
    const log: string[] = []
    let live = 0
    let most = 0
    return {
      log,
      most: () => most,
      onRow: (index: number, state: RowState) => log.push(`${index}:${state.kind}`),
      perform: async (index: number) => {
        live += 1
        most = Math.max(most, live)
        await new Promise((done) => setTimeout(done, 1))
        live -= 1
        if (index === 1) throw Object.assign(new Error('refused'), { status: 409 })
        return index
      },
      toError: (error: unknown) => ({
        status: (error as { status: number }).status,
        message: (error as Error).message,
      }),
    }
  }

  it('runs the waiting rows one at a time, in order, leaving skipped rows alone', async () => {
    const r = recorder()
    const stopped = await runRows(
      [
        { kind: 'waiting' },
        { kind: 'waiting' },
        { kind: 'skipped', reason: 'x' },
        { kind: 'waiting' },
      ],
      { ...r, stopReason: () => null },
    )
    expect(stopped).toBeNull()
    expect(r.most()).toBe(1)
    expect(r.log).toEqual([
      '0:working',
      '0:success',
      '1:working',
      '1:refused',
      '3:working',
      '3:success',
    ])
  })

  it('stops after the current row: the rest are not run', async () => {
    const r = recorder()
    let stop: string | null = null
    const stopped = await runRows<number>(
      [{ kind: 'waiting' }, { kind: 'waiting' }, { kind: 'waiting' }],
      {
        ...r,
        perform: async (index) => {
          // Pressed while the first row is in flight.
          stop = 'Stopped'
          return r.perform(index)
        },
        stopReason: () => stop,
      },
    )
    expect(stopped).toBe('Stopped')
    expect(r.log).toEqual(['0:working', '0:success', '1:notRun', '2:notRun'])
  })
})
