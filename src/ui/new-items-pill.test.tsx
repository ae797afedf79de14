import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NewItemsPill } from '@/ui/new-items-pill'

afterEach(cleanup)

describe('NewItemsPill', () => {
  it('says how many, in the singular for one', () => {
    const { rerender } = render(
      <NewItemsPill count={1} one="new sale" many="new sales" onShow={() => undefined} />,
    )
    expect(screen.getByRole('button').textContent).toBe('↑ 1 new sale')
    expect(screen.getByRole('button', { name: '1 new sale' })).toBeTruthy()
    rerender(<NewItemsPill count={1200} one="new sale" many="new sales" onShow={() => undefined} />)
    expect(screen.getByRole('button', { name: '1,200 new sales' })).toBeTruthy()
  })

  it('is only a quiet live region while there is nothing new', () => {
    render(<NewItemsPill count={0} one="new sale" many="new sales" onShow={() => undefined} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('refreshes and goes to the top when tapped', () => {
    const onShow = vi.fn()
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    render(<NewItemsPill count={2} one="new sale" many="new sales" onShow={onShow} />)
    fireEvent.click(screen.getByRole('button', { name: '2 new sales' }))
    expect(onShow).toHaveBeenCalledTimes(1)
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })
})
