import { useState, type FormEvent } from 'react'
import { collectErrors, emailError, passwordError } from '@/features/auth/validation'
import { Button } from '@/ui/button'
import { EmailField } from '@/features/auth/email-field'
import { PasswordField } from '@/ui/password-field'

export interface LoginCredentials {
  emailAddress: string
  password: string
}

// §5 Login: email required and valid, password required.
export function validateLogin(
  values: LoginCredentials,
): Partial<Record<keyof LoginCredentials, string>> {
  return collectErrors({
    emailAddress: emailError(values.emailAddress),
    password: passwordError(values.password),
  })
}

interface LoginFormProps {
  onSubmit?: (credentials: LoginCredentials) => void
  pending?: boolean
  defaultEmail?: string
  // Field errors of a 400 answer.
  serverErrors?: Partial<Record<keyof LoginCredentials, string>>
}

// The email typed so far goes along, so the person need not type it twice.
export function forgotPasswordHref(email: string): string {
  return email
    ? `/forgot-password?${new URLSearchParams({ emailAddress: email })}`
    : '/forgot-password'
}

export function LoginForm({
  onSubmit,
  pending = false,
  defaultEmail = '',
  serverErrors = {},
}: LoginFormProps) {
  const [values, setValues] = useState<LoginCredentials>({
    emailAddress: defaultEmail,
    password: '',
  })
  const [submitted, setSubmitted] = useState(false)
  const errors = { ...serverErrors, ...(submitted ? validateLogin(values) : {}) }

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

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      <EmailField
        value={values.emailAddress}
        error={errors.emailAddress}
        onChange={(event) => setValues({ ...values, emailAddress: event.target.value })}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => setValues({ ...values, password: event.target.value })}
      />
      <a className="auth-form__aside" href={forgotPasswordHref(email)}>
        Forgot password?
      </a>
      <Button type="submit" block loading={pending}>
        Log in
      </Button>
    </form>
  )
}
