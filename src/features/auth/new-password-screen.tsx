import { useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { toApiError } from '@/api/errors'
import { completePasswordReset } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import { assessNewPassword, NEW_PASSWORD_MESSAGES } from '@/lib/password-rules'
import { usePasswordScore } from '@/lib/password-strength'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { useToast } from '@/ui/toast'

// §5: without both query values the ticket cannot be checked.
export const TICKET_MISSING = 'Unable to validate password reset ticket - please try again.'

const MODES = {
  reset: {
    title: 'Reset your password',
    action: 'Reset password',
    failed: 'Failed to reset password',
    done: 'Your password has been reset. Log in with your new password.',
  },
  set: {
    title: 'Set your password',
    action: 'Set password',
    failed: 'Failed to set password',
    done: 'Your password has been set. Log in with it now.',
  },
} as const

interface NewPasswordScreenProps {
  mode: keyof typeof MODES
  ticketId?: string
  token?: string
  emailAddress?: string
}

interface Failure {
  message: string
  details: string[]
}

export function NewPasswordScreen({ mode, ticketId, token, emailAddress }: NewPasswordScreenProps) {
  const texts = MODES[mode]
  const router = useRouter()
  const toast = useToast()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const score = usePasswordScore(password, emailAddress ? [emailAddress] : [])
  const assessment = assessNewPassword({
    password,
    confirmation,
    emailAddress,
    estimatedScore: score,
  })

  if (!ticketId || !token) {
    return (
      <AuthLayout title={texts.title}>
        <Alert
          actions={
            <a href="/forgot-password" className="auth-form__aside">
              Request a new link
            </a>
          }
        >
          {TICKET_MISSING}
        </Alert>
      </AuthLayout>
    )
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    if (!assessment.valid || !ticketId || !token) return
    setPending(true)
    setFailure(null)
    try {
      await completePasswordReset(ticketId, token, password)
      toast.notice(texts.done, 'success')
      await router.navigate({ to: '/login' })
    } catch (cause) {
      const error = toApiError(cause)
      setFailure({
        message: error.message,
        details: Object.values(error.fieldErrors).flatMap((messages) => messages.slice(0, 1)),
      })
    } finally {
      setPending(false)
    }
  }

  return (
    <AuthLayout
      title={texts.title}
      description="Choose a strong password you don't use anywhere else."
      after={
        <p>
          <a href="/login">Back to log in</a>
        </p>
      }
    >
      {failure && (
        <Alert title={texts.failed}>
          {mode === 'reset' && (
            <>
              <p>{failure.message}</p>
              {failure.details.length > 0 && (
                <ul>
                  {failure.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Alert>
      )}
      <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {/* Lets password managers save the new password under the right account. */}
        {emailAddress && (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={emailAddress}
            readOnly
            hidden
          />
        )}
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          assessment={assessment}
          showAllErrors={submitted}
        />
        <Button type="submit" block loading={pending} disabled={!assessment.strongEnough}>
          {assessment.strongEnough ? texts.action : NEW_PASSWORD_MESSAGES.tooWeak}
        </Button>
      </form>
    </AuthLayout>
  )
}
