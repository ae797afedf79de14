import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { toApiError } from '@/api/errors'
import { AuthLayout } from '@/features/auth/auth-layout'
import { LoginForm } from '@/features/auth/login-form'
import { MfaForm } from '@/features/auth/mfa-form'
import type { LoginCredentials } from '@/features/auth/validation'
import { useAuth } from '@/session/use-auth'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

// §8 answers of the password grant that change the screen rather than being shown.
export const LOGIN_ANSWERS = {
  mfaRequired: 'MFA token required',
  compromised: 'Password appears in list of compromised passwords',
} as const

const AFTER_LOGIN = '/select-account'

type Step = { name: 'password' } | { name: 'code'; credentials: LoginCredentials }

export function LoginScreen({ redirect }: { redirect?: string }) {
  const auth = useAuth()
  const router = useRouter()
  const [step, setStep] = useState<Step>({ name: 'password' })
  const [email, setEmail] = useState('')
  const [compromisedEmail, setCompromisedEmail] = useState<string | null>(null)
  const [mfaDisabled, setMfaDisabled] = useState(false)

  function proceed() {
    void router.navigate({ href: redirect ?? AFTER_LOGIN })
  }

  // The two answers that change the screen are handled here; any other is thrown for the form to show.
  async function attempt(credentials: LoginCredentials, mfaToken?: string) {
    setEmail(credentials.emailAddress)
    try {
      const result = await auth.signIn({ ...credentials, mfaToken })
      if (result.mfaDisabled) setMfaDisabled(true)
      else proceed()
    } catch (cause) {
      const failure = toApiError(cause)
      if (failure.message === LOGIN_ANSWERS.mfaRequired) {
        setStep({ name: 'code', credentials })
      } else if (failure.message === LOGIN_ANSWERS.compromised) {
        setCompromisedEmail(credentials.emailAddress)
      } else {
        throw failure
      }
    }
  }

  const codeStep = step.name === 'code'
  return (
    <AuthLayout
      title={codeStep ? 'Two-factor authentication' : 'Log in'}
      description={
        codeStep
          ? 'Your account is protected with an authenticator app.'
          : 'Manage your sales, payment links and payouts.'
      }
      after={
        codeStep ? undefined : (
          <p>
            New here? <a href="/register">Create an account</a>
          </p>
        )
      }
    >
      {codeStep ? (
        <MfaForm
          onSubmit={(code) => attempt(step.credentials, code)}
          onBack={() => setStep({ name: 'password' })}
        />
      ) : (
        <LoginForm defaultEmail={email} onSubmit={(credentials) => attempt(credentials)} />
      )}
      <Dialog
        open={compromisedEmail !== null}
        onClose={() => setCompromisedEmail(null)}
        title="Password reset required"
        description="Your password was found in a list of exposed credentials from a data breach on another website. To keep your account safe, choose a new password before you log in."
        footer={
          <Button
            onClick={() =>
              void router.navigate({
                to: '/forgot-password',
                search: { emailAddress: compromisedEmail ?? undefined },
              })
            }
          >
            Reset password
          </Button>
        }
      />
      <Dialog
        open={mfaDisabled}
        dismissible={false}
        onClose={proceed}
        title="Multi-factor authentication disabled"
        description="You signed in with a recovery code, so multi-factor authentication is now disabled on your account. Enable it again from your profile to keep your account protected."
        footer={<Button onClick={proceed}>Continue</Button>}
      />
    </AuthLayout>
  )
}
