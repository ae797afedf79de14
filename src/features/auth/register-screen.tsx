import { useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { toApiError } from '@/api/errors'
import { register } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import {
  collectErrors,
  emailError,
  FIELD_MESSAGES,
  firstFieldErrors,
  NAME_MAX_LENGTH,
  passwordError,
} from '@/features/auth/validation'
import { PASSWORD_MIN_LENGTH } from '@/lib/password-rules'
import { useAuth } from '@/session/use-auth'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { EmailField } from '@/features/auth/email-field'
import { TextField } from '@/ui/field'
import { PasswordField } from '@/ui/password-field'

interface RegisterValues {
  emailAddress: string
  password: string
  firstName: string
  lastName: string
}

type RegisterErrors = Partial<Record<keyof RegisterValues, string>>

const nameError = (value: string) =>
  value.trim().length > NAME_MAX_LENGTH ? FIELD_MESSAGES.nameTooLong : null

// §5 Register: email required and valid, password at least 8, names optional.
export function validateRegistration(values: RegisterValues): RegisterErrors {
  return collectErrors({
    emailAddress: emailError(values.emailAddress),
    password: passwordError(values.password, PASSWORD_MIN_LENGTH),
    firstName: nameError(values.firstName),
    lastName: nameError(values.lastName),
  })
}

const FIELD_ORDER: Array<keyof RegisterValues> = [
  'emailAddress',
  'password',
  'firstName',
  'lastName',
]

export function RegisterScreen() {
  const auth = useAuth()
  const router = useRouter()
  const [values, setValues] = useState<RegisterValues>({
    emailAddress: '',
    password: '',
    firstName: '',
    lastName: '',
  })
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<RegisterErrors>({})
  const errors = { ...serverErrors, ...(submitted ? validateRegistration(values) : {}) }

  const set = (field: keyof RegisterValues) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value })

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    const found = validateRegistration(values)
    const firstInvalid = FIELD_ORDER.find((field) => found[field])
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    const emailAddress = values.emailAddress.trim()
    setPending(true)
    setError(null)
    setServerErrors({})
    try {
      await register({
        emailAddress,
        password: values.password,
        ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
        ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
      })
      // §7: then a login with grantType password, then /?welcome=true.
      await auth.signIn({ emailAddress, password: values.password })
      await router.navigate({ to: '/', search: { welcome: true } })
    } catch (cause) {
      const failure = toApiError(cause)
      setError(failure.message)
      setServerErrors(firstFieldErrors(failure.fieldErrors))
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthLayout
      title="Create an account"
      description="Register to manage your card payments."
      after={
        <p>
          Already registered? <a href="/login">Log in</a>
        </p>
      }
    >
      {error && <Alert>{error}</Alert>}
      <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <EmailField
          value={values.emailAddress}
          error={errors.emailAddress}
          onChange={set('emailAddress')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <div className="auth-form__pair">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            optional
            value={values.firstName}
            error={errors.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            optional
            value={values.lastName}
            error={errors.lastName}
            onChange={set('lastName')}
          />
        </div>
        <Button type="submit" block loading={pending}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  )
}
