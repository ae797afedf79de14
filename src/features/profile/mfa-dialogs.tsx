import {
  MfaConfirmationPayload,
  MfaDisablePayload,
  type MfaEnrollment,
  type User,
} from '@/api/schema/users'
import {
  useConfirmMfaEnrollmentMutation,
  useDisableMfaMutation,
  type ReloadUser,
} from '@/features/profile/api'
import { PROFILE_MESSAGES } from '@/features/profile/messages'
import { useForm, type FormSchema } from '@/lib/use-form'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { TextField } from '@/ui/field'
import { SecretOnceDialog } from '@/ui/secret-once-dialog'
import { SecretValue } from '@/ui/secret-value'
import { WriteFailure } from '@/ui/write-failure'

/**
 * An MFA code form on useForm: the format check (docs/validation.md#mfa-codes) is the API schema's (it carries the text), then
 * the server call. What the server says is `form.summary`, for the dialog to show where it belongs.
 */
function useCodeForm<Out>(
  schema: FormSchema<Out>,
  toInput: (code: string) => unknown,
  send: (checked: Out) => Promise<void>,
) {
  return useForm({
    initial: { code: '' },
    schema,
    toInput: (values) => toInput(values.code.trim()),
    // The payload's token field is this form's code field.
    fieldOf: () => 'code',
    onSubmit: send,
  })
}

interface EnrolDialogProps {
  user: User
  enrollment: MfaEnrollment
  onClose: () => void
  onConfirmed: () => void
  reloadUser: ReloadUser
}

// MFA enrolment (docs/states.md#mfa): scan the QR (or type the secret), then confirm with a code.
export function MfaEnrolDialog({
  user,
  enrollment,
  onClose,
  onConfirmed,
  reloadUser,
}: EnrolDialogProps) {
  const confirm = useConfirmMfaEnrollmentMutation(user.id, reloadUser)
  const form = useCodeForm(
    MfaConfirmationPayload,
    (token) => ({ type: 'totp', token }),
    async ({ token }) => {
      await confirm.mutateAsync(token)
      onConfirmed()
    },
  )

  return (
    <Dialog
      open
      onClose={onClose}
      title="Set up multi-factor authentication"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="mfa-enrol-form" loading={form.pending}>
            Confirm
          </Button>
        </>
      }
    >
      <ol className="mfa-steps">
        <li>Scan this QR code with your authenticator app, or enter the secret key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="mfa-qr"
        src={enrollment.qrDataUrl}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
      />
      <SecretValue id="mfa-secret-label" label="Secret key" value={enrollment.secret} />
      <form id="mfa-enrol-form" noValidate onSubmit={form.onSubmit}>
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.field('code')}
          error={form.errors.code ?? form.summary?.message}
        />
      </form>
    </Dialog>
  )
}

export const RECOVERY_CONFIRM_WORD = 'Confirm'

// docs/validation.md#mfa-codes: the recovery code is shown once; the dialog closes only when 'Confirm' is typed.
export function RecoveryCodeDialog({
  recoveryCode,
  onClose,
}: {
  recoveryCode: string
  onClose: () => void
}) {
  return (
    <SecretOnceDialog
      title="Save your recovery code"
      description="If you lose your device, this code signs you in once and turns MFA off. Keep it somewhere safe: it will not be shown again."
      label="Recovery code"
      value={recoveryCode}
      confirmWord={RECOVERY_CONFIRM_WORD}
      closeLabel="Close"
      onClose={onClose}
    />
  )
}

interface DisableDialogProps {
  user: User
  onClose: () => void
  onDisabled: () => void
  reloadUser: ReloadUser
}

// MFA disable (docs/validation.md#mfa-codes, docs/errors.md#mfa): a 6-digit code or the 24-character recovery code.
export function MfaDisableDialog({ user, onClose, onDisabled, reloadUser }: DisableDialogProps) {
  const disable = useDisableMfaMutation(user.id, reloadUser)
  const form = useCodeForm(
    MfaDisablePayload,
    (mfaToken) => ({ mfaToken }),
    async ({ mfaToken }) => {
      await disable.mutateAsync(mfaToken)
      onDisabled()
    },
  )

  return (
    <Dialog
      open
      onClose={onClose}
      title="Turn off multi-factor authentication"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="mfa-disable-form" variant="danger" loading={form.pending}>
            Disable MFA
          </Button>
        </>
      }
    >
      <WriteFailure
        failure={
          form.summary && {
            title: PROFILE_MESSAGES.disableFailed,
            message: form.summary.message,
            details: [],
          }
        }
      />
      <form id="mfa-disable-form" noValidate onSubmit={form.onSubmit}>
        <TextField
          label="Authentication or recovery code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint="The 6-digit code from your authenticator app, or your 24-character recovery code."
          {...form.field('code')}
        />
      </form>
    </Dialog>
  )
}
