import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Intent } from '@/api/schema/intents'
import { useSelection } from '@/features/payment-links/bulk-actions'

afterEach(cleanup)

const link = (id: string, status: Intent['status'] = 'created') => ({ id, status }) as Intent

describe('useSelection', () => {
  it('keeps the selection while the scope stays (paging, sorting) and drops it when it changes', () => {
    const { result, rerender } = renderHook(({ scope }) => useSelection(scope), {
      initialProps: { scope: 'amount=12.50' },
    })
    act(() => result.current.set([link('int_1'), link('int_2')], true))
    act(() => result.current.set([link('int_3')], true))
    act(() => result.current.set([link('int_2')], false))
    expect([...result.current.rows.keys()]).toEqual(['int_1', 'int_3'])

    // Another page of the same results: the same scope.
    rerender({ scope: 'amount=12.50' })
    expect(result.current.rows.size).toBe(2)

    // The filters changed: a new, empty selection; selecting starts from nothing.
    rerender({ scope: 'amount=99.00' })
    expect(result.current.rows.size).toBe(0)
    act(() => result.current.set([link('int_9')], true))
    expect([...result.current.rows.keys()]).toEqual(['int_9'])
  })

  it('refreshes the copies of selected links only, and clears', () => {
    const { result } = renderHook(() => useSelection('all'))
    act(() => result.current.set([link('int_1')], true))
    act(() => result.current.refresh([link('int_1', 'cancelled'), link('int_2', 'cancelled')]))
    expect(result.current.rows.get('int_1')?.status).toBe('cancelled')
    expect(result.current.has('int_2')).toBe(false)
    act(() => result.current.clear())
    expect(result.current.rows.size).toBe(0)
  })
})
