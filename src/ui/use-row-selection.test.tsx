import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Intent } from '@/api/schema/intents'
import { useRowSelection } from '@/ui/use-row-selection'

afterEach(cleanup)

const link = (id: string, status: Intent['status'] = 'created') => ({ id, status }) as Intent

describe('useRowSelection', () => {
  it('keeps the selection while the scope stays (paging, sorting) and drops it when it changes', () => {
    const { result, rerender } = renderHook(({ scope }) => useRowSelection<Intent>(scope), {
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
    const { result } = renderHook(() => useRowSelection<Intent>('all'))
    act(() => result.current.set([link('int_1')], true))
    act(() => result.current.refresh([link('int_1', 'cancelled'), link('int_2', 'cancelled')]))
    expect(result.current.rows.get('int_1')?.status).toBe('cancelled')
    expect(result.current.has('int_2')).toBe(false)
    act(() => result.current.clear())
    expect(result.current.rows.size).toBe(0)
  })

  it('tells the select-all box whether none, some or all of the page is ticked', () => {
    const page = [link('int_1'), link('int_2')]
    const { result } = renderHook(() => useRowSelection<Intent>('all'))
    expect(result.current.pageState(page)).toBe('none')
    act(() => result.current.set([link('int_1')], true))
    expect(result.current.pageState(page)).toBe('some')
    act(() => result.current.set(page, true))
    expect(result.current.pageState(page)).toBe('all')
    expect(result.current.pageState([])).toBe('none')
  })

  it('selects every matching row, on other pages too, until a row is unticked or the scope changes', () => {
    const { result, rerender } = renderHook(({ scope }) => useRowSelection<Intent>(scope), {
      initialProps: { scope: 'status=created' },
    })
    act(() => result.current.selectMatching([link('int_1'), link('int_2')]))
    expect(result.current.matching).toBe(true)
    expect(result.current.has('int_77')).toBe(true)
    // Ticking more keeps the whole query; unticking one goes back to the rows ticked.
    act(() => result.current.set([link('int_3')], true))
    expect(result.current.matching).toBe(true)
    act(() => result.current.set([link('int_2')], false))
    expect(result.current.matching).toBe(false)
    expect([...result.current.rows.keys()]).toEqual(['int_1', 'int_3'])
    act(() => result.current.selectMatching([]))
    rerender({ scope: 'status=cancelled' })
    expect(result.current.matching).toBe(false)
    expect(result.current.has('int_1')).toBe(false)
  })
})
