import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/ui/button'
import { Field, TextField } from '@/ui/field'

export interface LoginCredentials {
  emailAddress: string
  password: string
}

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const

// §5 Login: email required and valid, password required.
export function validateLogin(
  values: LoginCredentials,
): Partial<Record<keyof LoginCredentials, string>> {
  const errors: Partial<Record<keyof LoginCredentials, string>> = {}
  const email = values.emailAddress.trim()
  if (!email) errors.emailAddress = LOGIN_MESSAGES.emailRequired
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.emailAddress = LOGIN_MESSAGES.emailInvalid
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired
  return errors
}

interface LoginFormProps {
  // Sign-in itself is wired in by the sign-in issue; the form validates before calling it.
  onSubmit?: (credentials: LoginCredentials) => void
  pending?: boolean
}

export function LoginForm({ onSubmit, pending = false }: LoginFormProps) {
  const [values, setValues] = useState<LoginCredentials>({ emailAddress: '', password: '' })
  const [showPassword, setShowPassword] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? validateLogin(values) : {}
  const passwordId = useId()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    const found = validateLogin(values)
    if (Object.keys(found).length > 0) {
      const firstInvalid = found.emailAddress ? 'emailAddress' : 'password'
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    onSubmit?.({ emailAddress: values.emailAddress.trim(), password: values.password })
  }

  const email = values.emailAddress.trim()
  const forgotHref = email
    ? `/forgot-password?${new URLSearchParams({ emailAddress: email })}`
    : '/forgot-password'

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit}>
      <TextField
        label="Email"
        name="emailAddress"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.emailAddress}
        error={errors.emailAddress}
        onChange={(event) => setValues({ ...values, emailAddress: event.target.value })}
      />
      <Field label="Password" id={passwordId} error={errors.password} required>
        {(control) => (
          <div className="input-group">
            <input
              {...control}
              className="input"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
            />
            <Button
              variant="secondary"
              aria-controls={passwordId}
              // The visible word stays part of the name (WCAG 2.5.3 label in name).
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              onClick={() => setShowPassword(!showPassword)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </Button>
          </div>
        )}
      </Field>
      <a className="login-form__forgot" href={forgotHref}>
        Forgot password?
      </a>
      <Button type="submit" block loading={pending}>
        Log in
      </Button>
    </form>
  )
}
