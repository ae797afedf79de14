import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/ui/button'
import { ToastProvider, useToast } from '@/ui/toast'

afterEach(cleanup)

function Buttons() {
  const toast = useToast()
  return (
    <>
      <Button onClick={() => toast.notice('Profile updated')}>Save</Button>
      <Button onClick={() => toast.copied()}>Copy</Button>
    </>
  )
}

describe('Toast', () => {
  it('keeps notices 3000 ms and copy notices 1000 ms', () => {
    vi.useFakeTimers()
    try {
      render(
        <ToastProvider>
          <Buttons />
        </ToastProvider>,
      )
      fireEvent.click(screen.getByRole('button', { name: 'Save' }))
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
      const status = screen.getByRole('status')
      expect(status.textContent).toContain('Profile updated')
      expect(status.textContent).toContain('Copied to clipboard')
      act(() => vi.advanceTimersByTime(1000))
      expect(status.textContent).not.toContain('Copied to clipboard')
      expect(status.textContent).toContain('Profile updated')
      act(() => vi.advanceTimersByTime(2000))
      expect(status.textContent).toBe('')
    } finally {
      vi.useRealTimers()
    }
  })
})
