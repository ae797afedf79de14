import { useState, type FormEvent } from 'react'
import { toApiError } from '@/api/errors'
import type { User } from '@/api/schema/users'
import { changePassword, reauthenticate } from '@/features/profile/api'
import {
  passwordFailure,
  PROFILE_MESSAGES,
  type PasswordFailure,
} from '@/features/profile/messages'
import { assessNewPassword, NEW_PASSWORD_MESSAGES } from '@/lib/password-rules'
import { usePasswordScore } from '@/lib/password-strength'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { TextField } from '@/ui/field'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { PasswordField } from '@/ui/password-field'
import { useToast } from '@/ui/toast'

// §4/§9: the wait before re-authenticating after a password change.
export const REAUTH_DELAY_MS = 2000

interface PasswordDialogProps {
  user: User
  submerchantId: string | null
  online: boolean
  onClose: () => void
  onChanged: () => Promise<void>
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms))

export function PasswordDialog({
  user,
  submerchantId,
  online,
  onClose,
  onChanged,
}: PasswordDialogProps) {
  const toast = useToast()
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [mfaToken, setMfaToken] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [phase, setPhase] = useState<'form' | 'sending' | 'renewing'>('form')
  const [failure, setFailure] = useState<PasswordFailure | null>(null)
  const score = usePasswordScore(password, [user.emailAddress])
  const assessment = assessNewPassword({
    password,
    confirmation,
    emailAddress: user.emailAddress,
    estimatedScore: score,
  })
  const mfaTokenError =
    submitted && user.mfaIsEnabled && !/^\d{6}$/.test(mfaToken.trim())
      ? PROFILE_MESSAGES.invalidCode
      : null
  const currentError = submitted && current === '' ? 'Current password is required' : null

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    const codeOk = !user.mfaIsEnabled || /^\d{6}$/.test(mfaToken.trim())
    if (!assessment.valid || current === '' || !codeOk) return
    setPhase('sending')
    setFailure(null)
    try {
      await changePassword(user.id, {
        currentPassword: current,
        newPassword: password,
        ...(user.mfaIsEnabled ? { mfaToken: mfaToken.trim() } : {}),
      })
    } catch (cause) {
      setFailure(passwordFailure(toApiError(cause)))
      setPhase('form')
      return
    }
    // §4: wait 2 s, renew the session with the refresh token, then reload the profile.
    setPhase('renewing')
    await wait(REAUTH_DELAY_MS)
    try {
      await reauthenticate(submerchantId)
    } finally {
      await onChanged()
    }
    toast.notice('Password updated', 'success')
    onClose()
  }

  const busy = phase !== 'form'
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title="Update password"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="password-form"
            loading={busy}
            disabled={!assessment.strongEnough || !online}
            title={online ? undefined : 'Needs a connection'}
          >
            {assessment.strongEnough ? 'Update password' : NEW_PASSWORD_MESSAGES.tooWeak}
          </Button>
        </>
      }
    >
      {failure && (
        <Alert title={failure.title ?? undefined}>
          <p>{failure.message}</p>
          {failure.details.length > 0 && (
            <ul>
              {failure.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {phase === 'renewing' && (
        <Alert tone="success">Password changed. Renewing your session…</Alert>
      )}
      <form
        id="password-form"
        className="profile-form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
      >
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user.emailAddress}
          readOnly
          hidden
        />
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={current}
          error={currentError}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          assessment={assessment}
          showAllErrors={submitted}
        />
        {user.mfaIsEnabled && (
          <TextField
            label="Authenticator code"
            name="mfaToken"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={mfaToken}
            error={mfaTokenError}
            hint="The 6-digit code from your authenticator app."
            onChange={(event) => setMfaToken(event.target.value)}
          />
        )}
      </form>
    </Dialog>
  )
}
