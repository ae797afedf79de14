import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { WriteFailure } from '@/ui/write-failure'

afterEach(cleanup)

const refused = (message: string) => new ApiError({ status: 422, code: 'invalid', message })

describe('WriteFailure', () => {
  it('shows nothing without a failure', () => {
    render(<WriteFailure failure={null} error={null} />)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("puts a write's error in the product's words, in place, and can be dismissed", () => {
    const onDismiss = vi.fn()
    render(
      <WriteFailure
        error={refused('Endpoint unreachable')}
        text={(error) => `Test failed: ${error.message}`}
        onDismiss={onDismiss}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain('Test failed: Endpoint unreachable')
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(onDismiss).toHaveBeenCalledOnce()
  })

  it("shows a form's summary: its title, the message and the field messages", () => {
    render(
      <WriteFailure
        failure={{
          title: 'Failed to reset password',
          message: 'Invalid input',
          details: ['newPassword: too short'],
        }}
      />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Failed to reset password')
    expect(alert.textContent).toContain('Invalid input')
    expect(screen.getByRole('listitem').textContent).toBe('newPassword: too short')
  })

  it('for a single button, opens a dialog that can try again and shows a failed retry in itself', async () => {
    const run = vi.fn().mockRejectedValueOnce(refused('Still down')).mockResolvedValueOnce(null)
    const onDismiss = vi.fn()
    render(
      <WriteFailure
        failure="Endpoint unreachable"
        retry={{ title: 'Error disabling endpoint', run }}
        onDismiss={onDismiss}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Error disabling endpoint' })
    expect(dialog.textContent).toContain('Endpoint unreachable')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Still down'))
    expect(onDismiss).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(onDismiss).toHaveBeenCalledOnce())
  })
})
