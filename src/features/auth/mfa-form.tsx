import { useState, type FormEvent } from 'react'
import { SUPPORT_LINKS } from '@/config/links'
import { FIELD_MESSAGES } from '@/features/auth/validation'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/field'

// §9: authenticator codes are 6 digits, recovery codes 24 characters.
export const RECOVERY_CODE_LENGTH = 24

interface MfaFormProps {
  onSubmit: (code: string) => void
  onBack: () => void
  pending?: boolean
  serverError?: string
}

// The code step of §4 Login, with the 'Lost access to your device?' help.
export function MfaForm({ onSubmit, onBack, pending = false, serverError }: MfaFormProps) {
  const [code, setCode] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const trimmed = code.replace(/\s+/g, '')
  const error = (submitted && !trimmed ? FIELD_MESSAGES.codeRequired : null) ?? serverError

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    if (!trimmed) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="mfaToken"]')?.focus()
      return
    }
    onSubmit(trimmed)
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      <TextField
        label="Authentication code"
        hint="Enter the 6-digit code from your authenticator app."
        name="mfaToken"
        autoComplete="one-time-code"
        inputMode={trimmed.length > 6 ? 'text' : 'numeric'}
        autoCapitalize="characters"
        spellCheck={false}
        // Long enough for a recovery code, with room for spaces between its groups.
        maxLength={RECOVERY_CODE_LENGTH + 8}
        required
        autoFocus
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <details className="auth-help">
        <summary>Lost access to your device?</summary>
        <p>
          Enter one of your 24-character recovery codes in the code field instead. Signing in with a
          recovery code turns multi-factor authentication off, so set it up again afterwards.
        </p>
        <p>
          No recovery code? <a href={SUPPORT_LINKS.mfaRecovery}>Contact support</a> to regain
          access.
        </p>
      </details>
      <Button type="submit" block loading={pending}>
        Verify
      </Button>
      <Button variant="ghost" block onClick={onBack}>
        Use a different account
      </Button>
    </form>
  )
}
