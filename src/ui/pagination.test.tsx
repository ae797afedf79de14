import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pagination } from '@/ui/pagination'

afterEach(cleanup)

describe('Pagination', () => {
  it('shows five page links around the current page and marks it', () => {
    render(<Pagination page={10} total={200} onPageChange={() => {}} />)
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent)
    expect(pages).toEqual(['8', '9', '10', '11', '12'])
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(nav.textContent).toContain('91–100 of 200')
  })

  it('moves by page and by chunk', () => {
    const onPageChange = vi.fn()
    render(<Pagination page={10} total={200} onPageChange={onPageChange} />)
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Back to page 7' }))
    fireEvent.click(screen.getByRole('button', { name: 'Forward to page 13' }))
    expect(onPageChange.mock.calls).toEqual([[11], [9], [7], [13]])
  })

  it('disables the ends and says when the total is approximate', () => {
    render(<Pagination page={1} total={24000} totalIsApproximate onPageChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('navigation').textContent).toContain('1–10 of about 24,000')
  })

  it('shows only the summary for a single page', () => {
    render(<Pagination page={1} total={3} onPageChange={() => {}} />)
    expect(screen.queryAllByRole('button')).toHaveLength(0)
    expect(screen.getByRole('navigation').textContent).toBe('1–3 of 3')
  })
})
