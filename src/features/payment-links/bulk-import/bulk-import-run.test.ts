import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/errors'
import type { Intent, IntentCreatePayload } from '@/api/schema/intents'
import {
  countRows,
  resultRows,
  rowIdempotencyKey,
  runImport,
  summaryText,
  timeLeftText,
  type ImportRow,
} from '@/features/payment-links/bulk-import/bulk-import-run'

const payload = (reference: string) =>
  ({ saleAmount: 100, currency: 'GBP', submerchantId: 'sub_1', reference }) as IntentCreatePayload
const rows = (count: number): ImportRow[] =>
  Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    line: i + 2,
    values: { reference: `R${i + 1}` },
    payload: payload(`R${i + 1}`),
    state: 'pending',
  }))

// A fake server that remembers keys: the same key answers with the same link (idempotency).
function server(fail: (key: string, call: number) => ApiError | null = () => null) {
  const byKey = new Map<string, Intent>()
  const calls: string[] = []
  return {
    calls,
    byKey,
    send: async (body: IntentCreatePayload, key: string): Promise<Intent> => {
      calls.push(key)
      const error = fail(key, calls.length)
      if (error) throw error
      const existing = byKey.get(key)
      if (existing) return existing
      const intent = {
        id: `int_${byKey.size + 1}`,
        clientAccessUrl: `/pay/int_${byKey.size + 1}`,
        status: 'created',
        reference: body.reference,
      } as unknown as Intent
      byKey.set(key, intent)
      return intent
    },
  }
}

describe('runImport', () => {
  it('sends every row once, in order, under the import id plus the row counter', async () => {
    const api = server()
    const list = rows(3)
    const saved: string[] = []
    const end = await runImport({
      importId: 'imp',
      rows: list,
      send: api.send,
      save: async (row) => void saved.push(`${row.n}:${row.state}`),
      onChange: () => {},
      control: { stop: null },
    })
    expect(end).toBe('finished')
    expect(api.calls).toEqual(['imp-1', 'imp-2', 'imp-3'])
    expect(saved).toEqual([
      '1:working',
      '1:success',
      '2:working',
      '2:success',
      '3:working',
      '3:success',
    ])
    expect(list.map((r) => r.intentId)).toEqual(['int_1', 'int_2', 'int_3'])
  })

  it('stops on a lost answer with the row still working, and the retry makes no second link', async () => {
    let lose = true
    const api = server((key) => {
      // The server makes the link, then the answer is lost.
      if (key === 'imp-2' && lose) {
        lose = false
        return null
      }
      return null
    })
    const lossy = {
      send: async (body: IntentCreatePayload, key: string) => {
        const intent = await api.send(body, key)
        if (key === 'imp-2' && api.calls.filter((k) => k === key).length === 1) {
          throw new ApiError({
            status: 0,
            code: 'no_response',
            message: 'Error - no response from server.',
          })
        }
        return intent
      },
    }
    const list = rows(3)
    const options = {
      importId: 'imp',
      rows: list,
      send: lossy.send,
      save: async () => {},
      onChange: () => {},
      control: { stop: null },
    }
    expect(await runImport(options)).toBe('offline')
    expect(list[1]!.state).toBe('working')
    expect(await runImport(options)).toBe('finished')
    expect(api.byKey.size).toBe(3)
    expect(list.map((r) => r.state)).toEqual(['success', 'success', 'success'])
  })

  it('records a refused row with the server message and goes on', async () => {
    const api = server((key) =>
      key === 'imp-1'
        ? new ApiError({ status: 400, code: 'invalid', message: 'Amount is required' })
        : null,
    )
    const list = rows(2)
    await runImport({
      importId: 'imp',
      rows: list,
      send: api.send,
      save: async () => {},
      onChange: () => {},
      control: { stop: null },
    })
    expect(list.map((r) => [r.state, r.error])).toEqual([
      ['error', 'Amount is required'],
      ['success', undefined],
    ])
  })

  it('pauses and cancels after the current row', async () => {
    const api = server()
    const control = { stop: null as 'pause' | 'cancel' | null }
    const list = rows(4)
    const options = {
      importId: 'imp',
      rows: list,
      send: api.send,
      save: async () => {},
      onChange: (row: ImportRow) => {
        if (row.n === 1 && row.state === 'success') control.stop = 'pause'
        if (row.n === 2 && row.state === 'success') control.stop = 'cancel'
      },
      control,
    }
    expect(await runImport(options)).toBe('paused')
    expect(countRows(list)).toMatchObject({ success: 1, waiting: 3 })
    control.stop = null
    expect(await runImport(options)).toBe('cancelled')
    expect(list.map((r) => r.state)).toEqual(['success', 'success', 'cancelled', 'cancelled'])
    expect(summaryText(countRows(list))).toBe('2 created, 2 cancelled')
  })

  it('keys, time left and the results file', () => {
    expect(rowIdempotencyKey('abc', 7)).toBe('abc-7')
    expect(timeLeftText(200, 30)).toBe('About 6 s left')
    expect(timeLeftText(200, 3000)).toBe('About 10 min left')
    const list = rows(1)
    list[0] = {
      ...list[0]!,
      state: 'success',
      intentId: 'int_1',
      link: '/pay/int_1',
      status: 'created',
    }
    expect(resultRows(list, ['reference', 'amount'])).toEqual([
      ['row', 'reference', 'amount', 'intentId', 'link', 'status', 'error'],
      ['2', 'R1', '', 'int_1', '/pay/int_1', 'created', ''],
    ])
  })
})
