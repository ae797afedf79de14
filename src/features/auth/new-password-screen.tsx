import { useRouter } from '@tanstack/react-router'
import { PasswordResetCompletionPayload } from '@/api/schema/users'
import { useCompletePasswordResetMutation } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import { assessNewPassword, newPasswordAction, newPasswordErrors } from '@/lib/password-rules'
import { usePasswordScore } from '@/lib/password-strength'
import { firstFieldMessages, useForm } from '@/lib/use-form'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { WriteFailure } from '@/ui/write-failure'
import { NewPasswordFields } from '@/ui/new-password-fields'

// docs/validation.md#new-password: without both query values the ticket cannot be checked.
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

const NewPasswordSchema = PasswordResetCompletionPayload.pick('newPassword')

export function NewPasswordScreen({ mode, ticketId, token, emailAddress }: NewPasswordScreenProps) {
  const texts = MODES[mode]
  const router = useRouter()
  const complete = useCompletePasswordResetMutation(texts.done)
  const form = useForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: NewPasswordSchema,
    toInput: (values) => ({ newPassword: values.newPassword }),
    check: (values) => newPasswordErrors(assessment, values.newPassword, values.confirmPassword),
    onSubmit: async ({ newPassword }) => {
      if (!ticketId || !token) return
      await complete.mutateAsync({ ticketId, verificationToken: token, newPassword })
      await router.navigate({ to: '/login' })
    },
    // docs/errors.md#password: Reset shows 'Failed to reset password' plus the server message and error messages; Set
    // shows its title alone.
    serverErrorsOnFields: false,
    summarize: (error) =>
      mode === 'reset'
        ? { title: texts.failed, message: error.message, details: firstFieldMessages(error) }
        : { title: texts.failed, message: '', details: [] },
  })
  const password = form.values.newPassword
  const confirmation = form.values.confirmPassword
  const score = usePasswordScore(password, emailAddress ? [emailAddress] : [])
  const assessment = assessNewPassword({
    password,
    confirmation,
    emailAddress,
    estimatedScore: score,
  })
  const action = newPasswordAction(assessment, texts.action)

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
      <WriteFailure failure={form.summary} />
      <form className="auth-form" noValidate onSubmit={form.onSubmit}>
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
          onPasswordChange={(value) => form.set('newPassword', value)}
          onConfirmationChange={(value) => form.set('confirmPassword', value)}
          assessment={assessment}
          errors={form.errors}
        />
        <Button type="submit" block loading={form.pending} disabled={action.disabled}>
          {action.label}
        </Button>
      </form>
    </AuthLayout>
  )
}
