import { useState, type FormEvent } from 'react'
import { toApiError } from '@/api/errors'
import { requestPasswordReset } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import { emailError } from '@/features/auth/validation'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { EmailField } from '@/features/auth/email-field'

// §8 Forgot.
export const FORGOT_FAILED = 'Failed to create password reset ticket'

export function ForgotPasswordScreen({ emailAddress = '' }: { emailAddress?: string }) {
  const [email, setEmail] = useState(emailAddress)
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const error = submitted ? emailError(email) : null

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    if (emailError(email)) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="emailAddress"]')?.focus()
      return
    }
    setPending(true)
    setFailure(null)
    try {
      await requestPasswordReset(email.trim())
      setSentTo(email.trim())
    } catch (cause) {
      setFailure(toApiError(cause).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to choose a new password."
      after={
        <p>
          Remembered it? <a href="/login">Back to log in</a>
        </p>
      }
    >
      {sentTo ? (
        <Alert tone="success" title="Check your email">
          If an account exists for {sentTo}, we've sent it a link to reset the password. The link
          works once, for one hour.
        </Alert>
      ) : (
        <>
          {failure && <Alert title={FORGOT_FAILED}>{failure}</Alert>}
          <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <EmailField
              value={email}
              error={error}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Button type="submit" block loading={pending}>
              Send reset link
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  )
}
