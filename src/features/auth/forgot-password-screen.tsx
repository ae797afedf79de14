import { useState } from 'react'
import { useRequestPasswordResetMutation } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import { EmailField } from '@/features/auth/email-field'
import { FORGOT_RULES, ForgotPasswordSchema } from '@/features/auth/form-schemas'
import { useForm } from '@/lib/use-form'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { WriteFailure } from '@/ui/write-failure'

// docs/errors.md#password (forgot password).
export const FORGOT_FAILED = 'Failed to create password reset ticket'

export function ForgotPasswordScreen({ emailAddress = '' }: { emailAddress?: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const request = useRequestPasswordResetMutation()
  const form = useForm({
    initial: { emailAddress },
    schema: ForgotPasswordSchema,
    ...FORGOT_RULES,
    onSubmit: async ({ emailAddress: email }) => {
      await request.mutateAsync(email)
      setSentTo(email)
    },
    summarize: (error) => ({ title: FORGOT_FAILED, message: error.message, details: [] }),
  })

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
          <WriteFailure failure={form.summary} />
          <form className="auth-form" noValidate onSubmit={form.onSubmit}>
            <EmailField {...form.field('emailAddress')} />
            <Button type="submit" block loading={form.pending}>
              Send reset link
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  )
}
