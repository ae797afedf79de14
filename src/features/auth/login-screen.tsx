import { lazy, Suspense, useEffect, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/auth-layout'
import { LoginForm } from '@/features/auth/login-form'
import type { LoginCredentials } from '@/features/auth/validation'
import { afterFirstIntent } from '@/lib/after-first-paint'
import { useAuth } from '@/session/use-auth'

// The code step and the two notices are not part of /login's first paint; they are fetched once
// the person starts using the page (typing their email), so they are there by the time a sign-in
// answers, and a visit that only looks does not download them.
const loadMfaForm = () => import('@/features/auth/mfa-form')
const loadNotices = () => import('@/features/auth/login-notices')
const MfaForm = lazy(() => loadMfaForm().then((m) => ({ default: m.MfaForm })))
const CompromisedPasswordNotice = lazy(() =>
  loadNotices().then((m) => ({ default: m.CompromisedPasswordNotice })),
)
const MfaDisabledNotice = lazy(() => loadNotices().then((m) => ({ default: m.MfaDisabledNotice })))

// Answers of the password grant that change the screen rather than being shown (docs/errors.md#sign-in-and-session).
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

  useEffect(() => {
    void afterFirstIntent().then(() => Promise.all([loadMfaForm(), loadNotices()]))
  }, [])

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
    } catch (failure) {
      // The API client's failures are ApiErrors carrying the server's message; the form maps
      // anything else (lib/form-check.ts), so this screen does not load that mapping to paint.
      const message = failure instanceof Error ? failure.message : ''
      if (message === LOGIN_ANSWERS.mfaRequired) {
        setStep({ name: 'code', credentials })
      } else if (message === LOGIN_ANSWERS.compromised) {
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
        <Suspense fallback={null}>
          <MfaForm
            onSubmit={(code) => attempt(step.credentials, code)}
            onBack={() => setStep({ name: 'password' })}
          />
        </Suspense>
      ) : (
        <LoginForm defaultEmail={email} onSubmit={(credentials) => attempt(credentials)} />
      )}
      <Suspense fallback={null}>
        {compromisedEmail !== null && (
          <CompromisedPasswordNotice
            onClose={() => setCompromisedEmail(null)}
            onReset={() =>
              void router.navigate({
                to: '/forgot-password',
                search: { emailAddress: compromisedEmail },
              })
            }
          />
        )}
        {mfaDisabled && <MfaDisabledNotice onContinue={proceed} />}
      </Suspense>
    </AuthLayout>
  )
}
