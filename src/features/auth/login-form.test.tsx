import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { validateLogin } from '@/features/auth/form-schemas'
import { LoginForm } from '@/features/auth/login-form'

afterEach(cleanup)
// The form fetches its schema on first use; warm the module so a cold transform does not eat the
// waits below (the form still goes through its lazy load).
beforeAll(() => import('@/features/auth/form-schemas'))

describe('LoginForm', () => {
  it('labels its fields with the autocomplete hints password managers need', () => {
    render(<LoginForm />)
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email.getAttribute('autocomplete')).toBe('username')
    expect(email.getAttribute('type')).toBe('email')
    const password = screen.getByLabelText('Password')
    expect(password.getAttribute('autocomplete')).toBe('current-password')
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    )
  })

  it('shows and hides the password', () => {
    render(<LoginForm />)
    const password = screen.getByLabelText('Password')
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password.getAttribute('type')).toBe('text')
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password.getAttribute('type')).toBe('password')
  })

  it('validates before submitting and prefills the forgot-password link', async () => {
    const onSubmit = vi.fn()
    render(<LoginForm onSubmit={onSubmit} />)
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    // The schema loads with the first submit (or keystroke), so the messages follow a moment later.
    expect(await screen.findByText('Email is required')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Password is required')).toBeTruthy()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' })),
    )

    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: ' owner@example.com ' },
    })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(onSubmit).toHaveBeenCalledWith({ emailAddress: 'owner@example.com', password: 'pw' })
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password?emailAddress=owner%40example.com',
    )
  })
})

describe('validateLogin', () => {
  it('requires a valid email and a password', () => {
    expect(validateLogin({ emailAddress: 'nope', password: '' })).toEqual({
      emailAddress: 'Enter a valid email address',
      password: 'Password is required',
    })
    expect(validateLogin({ emailAddress: 'a@b.co', password: 'x' })).toEqual({})
  })
})
