import { useState } from 'react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

afterEach(cleanup)

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete endpoint</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete endpoint?"
        description="Deliveries stop at once."
        dismissible={dismissible}
        footer={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      />
    </>
  )
}

describe('Dialog', () => {
  it('is named by its title, moves focus in and gives it back on close', () => {
    render(<Harness />)
    const opener = screen.getByRole('button', { name: 'Delete endpoint' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Delete endpoint?' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(
      document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Deliveries stop at once.')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes on Escape (cancel) and backdrop click only when dismissible', () => {
    const { unmount } = render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete endpoint' }))
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    unmount()

    render(<Harness dismissible={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete endpoint' }))
    const dialog = screen.getByRole('dialog')
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    fireEvent.click(dialog)
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
  })
})
