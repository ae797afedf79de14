import { lazy, Suspense } from 'react'
import { EmailField } from '@/features/auth/email-field'
import type { LoginCredentials } from '@/features/auth/validation'
import { lazyForm, useLazyForm } from '@/lib/form-hook'
import { Button } from '@/ui/button'
import { PasswordField } from '@/ui/password-field'

// Its schema, rules and checks, fetched with the first keystroke (or the submit): /login paints
// without arktype and without the code and texts that only a submit needs.
const loginForm = lazyForm(() =>
  import('@/features/auth/form-schemas').then((schemas) => schemas.LOGIN_FORM),
)

// Shown only after a failed sign-in, by when the checks have loaded the shared UI chunk that holds
// it (and its styles): not part of /login's first paint.
const WriteFailure = lazy(() =>
  import('@/ui/write-failure').then((m) => ({ default: m.WriteFailure })),
)

interface LoginFormProps {
  // Signs in; a throw is shown (the server message, field errors on their fields, docs/errors.md#sign-in-and-session).
  onSubmit?: (credentials: LoginCredentials) => Promise<void> | void
  defaultEmail?: string
}

// The email typed so far goes along, so the person need not type it twice.
export function forgotPasswordHref(email: string): string {
  return email
    ? `/forgot-password?${new URLSearchParams({ emailAddress: email })}`
    : '/forgot-password'
}

export function LoginForm({ onSubmit, defaultEmail = '' }: LoginFormProps) {
  const form = useLazyForm({
    initial: { emailAddress: defaultEmail, password: '' },
    spec: loginForm,
    onSubmit: (credentials) => onSubmit?.(credentials),
  })
  const email = form.values.emailAddress.trim()

  return (
    <>
      {form.summary && (
        <Suspense fallback={null}>
          <WriteFailure failure={form.summary} />
        </Suspense>
      )}
      <form className="auth-form" noValidate onSubmit={form.onSubmit}>
        <EmailField {...form.field('emailAddress')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <a className="auth-form__aside" href={forgotPasswordHref(email)}>
          Forgot password?
        </a>
        <Button type="submit" block loading={form.pending}>
          Log in
        </Button>
      </form>
    </>
  )
}
