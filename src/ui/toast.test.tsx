import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
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

  it('shows inside an open modal dialog, above its buttons, and back on the page when it closes', () => {
    function Screen() {
      const toast = useToast()
      const [open, setOpen] = useState(false)
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="API key created"
            footer={<Button onClick={() => setOpen(false)}>Done</Button>}
          >
            <Button onClick={() => toast.copied()}>Copy token</Button>
          </Dialog>
        </>
      )
    }
    render(
      <ToastProvider>
        <Screen />
      </ToastProvider>,
    )
    const region = () => screen.getByRole('region', { name: 'Notifications', hidden: true })
    expect(region().closest('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = screen.getByRole('dialog', { name: 'API key created' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy token' }))
    expect(within(dialog).getByRole('status').textContent).toContain('Copied to clipboard')
    // Between the body and the buttons, in the dialog's own layout.
    const outlet = region().parentElement
    expect(outlet?.previousElementSibling?.className).toBe('dialog__body')
    expect(outlet?.nextElementSibling?.className).toBe('dialog__footer')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(region().closest('dialog')).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Copied to clipboard')
  })
})
