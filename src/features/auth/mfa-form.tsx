import { SUPPORT_LINKS } from '@/config/links'
import { lazyForm, useLazyForm } from '@/lib/form-hook'
import { Button } from '@/ui/button'
import { ExternalLink } from '@/ui/external-link'
import { TextField } from '@/ui/field'

// docs/constants.md#sizes-and-limits: authenticator codes are 6 digits, recovery codes 24 characters.
export const RECOVERY_CODE_LENGTH = 24

// Already loaded by the password step that led here.
const codeForm = lazyForm(() =>
  import('@/features/auth/form-schemas').then((schemas) => schemas.CODE_FORM),
)

interface MfaFormProps {
  // Signs in with the code; a throw is shown on the code field.
  onSubmit: (code: string) => Promise<void> | void
  onBack: () => void
}

// The code step of sign-in (docs/states.md#sign-in), with the 'Lost access to your device?' help.
export function MfaForm({ onSubmit, onBack }: MfaFormProps) {
  const form = useLazyForm({
    initial: { mfaToken: '' },
    spec: codeForm,
    onSubmit: ({ mfaToken }) => onSubmit(mfaToken),
  })
  const { error, ...field } = form.field('mfaToken')

  return (
    <form className="auth-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Authentication code"
        hint="Enter the 6-digit code from your authenticator app."
        autoComplete="one-time-code"
        inputMode={field.value.replace(/\s+/g, '').length > 6 ? 'text' : 'numeric'}
        autoCapitalize="characters"
        spellCheck={false}
        // Long enough for a recovery code, with room for spaces between its groups.
        maxLength={RECOVERY_CODE_LENGTH + 8}
        required
        autoFocus
        {...field}
        error={error ?? form.summary?.message}
      />
      <details className="auth-help">
        <summary>Lost access to your device?</summary>
        <p>
          Enter one of your 24-character recovery codes in the code field instead. Signing in with a
          recovery code turns multi-factor authentication off, so set it up again afterwards.
        </p>
        <p>
          No recovery code?{' '}
          <ExternalLink href={SUPPORT_LINKS.mfaRecovery}>Contact support</ExternalLink> to regain
          access.
        </p>
      </details>
      <Button type="submit" block loading={form.pending}>
        Verify
      </Button>
      <Button variant="ghost" block onClick={onBack}>
        Use a different account
      </Button>
    </form>
  )
}
