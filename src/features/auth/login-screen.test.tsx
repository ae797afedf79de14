import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { LoginScreen } from '@/features/auth/login-screen'
import type { Auth } from '@/session/auth'
import { renderWithRouter } from '@/test/render-with-router'

afterEach(cleanup)
// The form fetches its schema on first use; warm the module so a cold transform does not eat the
// waits below (the form still goes through its lazy load).
beforeAll(() => import('@/features/auth/form-schemas'))

const answer = (message: string, status = 400) => new ApiError({ status, code: 'x', message })

async function fillPasswordStep() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
    target: { value: 'mfa@example.com' },
  })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } })
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('LoginScreen', () => {
  it('asks for the code, and a recovery code warns that MFA is now disabled', async () => {
    const signIn = vi
      .fn<Auth['signIn']>()
      .mockRejectedValueOnce(answer('MFA token required'))
      .mockResolvedValueOnce({ expiresAt: '2030-01-01T00:00:00Z', mfaDisabled: true })
    const { router } = await renderWithRouter(<LoginScreen />, { signIn })
    await fillPasswordStep()
    const code = await screen.findByRole('textbox', { name: 'Authentication code' })
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(screen.getByText('Lost access to your device?')).toBeTruthy()

    fireEvent.change(code, { target: { value: 'ABCD EFGH JKLM NPQR STUV WXYZ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByRole('dialog', { name: 'Multi-factor authentication disabled' })
    expect(signIn).toHaveBeenLastCalledWith({
      emailAddress: 'mfa@example.com',
      password: 'secret-pass',
      mfaToken: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
    })
    expect(router.state.location.pathname).toBe('/')

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-account'))
  })

  it('requires the code in the MFA step', async () => {
    const signIn = vi.fn<Auth['signIn']>().mockRejectedValueOnce(answer('MFA token required'))
    await renderWithRouter(<LoginScreen />, { signIn })
    await fillPasswordStep()
    await screen.findByRole('textbox', { name: 'Authentication code' })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Code is required')).toBeTruthy()
    expect(signIn).toHaveBeenCalledTimes(1)
  })

  it('shows server messages as given and field errors on their fields', async () => {
    const signIn = vi
      .fn<Auth['signIn']>()
      .mockRejectedValueOnce(answer('Invalid email address or password'))
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: 'invalid_request',
          message: 'Invalid request',
          fieldErrors: { emailAddress: ['must be an email address'] },
        }),
      )
    await renderWithRouter(<LoginScreen />, { signIn })
    await fillPasswordStep()
    expect(await screen.findByText('Invalid email address or password')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('must be an email address')).toBeTruthy()
  })

  it('goes to the redirect target after signing in', async () => {
    const signIn = vi
      .fn<Auth['signIn']>()
      .mockResolvedValue({ expiresAt: '2030-01-01T00:00:00Z', mfaDisabled: false })
    const { router } = await renderWithRouter(<LoginScreen redirect="/login?x=1" />, { signIn })
    await fillPasswordStep()
    await waitFor(() => expect(router.state.location.href).toBe('/login?x=1'))
  })
})
