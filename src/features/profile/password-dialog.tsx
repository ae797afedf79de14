import { UpdatePasswordPayload, type User } from '@/api/schema/users'
import { useChangePasswordMutation, type ReloadUser } from '@/features/profile/api'
import { passwordFailure, PROFILE_MESSAGES } from '@/features/profile/messages'
import { assessNewPassword, newPasswordAction, newPasswordErrors } from '@/lib/password-rules'
import { usePasswordScore } from '@/lib/password-strength'
import { useForm } from '@/lib/use-form'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { TextField } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'
import { NewPasswordFields } from '@/ui/new-password-fields'
import { PasswordField } from '@/ui/password-field'

interface PasswordDialogProps {
  user: User
  submerchantId: string | null
  online: boolean
  onClose: () => void
  reloadUser: ReloadUser
}

export function PasswordDialog({
  user,
  submerchantId,
  online,
  onClose,
  reloadUser,
}: PasswordDialogProps) {
  const mutation = useChangePasswordMutation(user.id, submerchantId, reloadUser)
  const form = useForm({
    initial: { currentPassword: '', newPassword: '', confirmPassword: '', mfaToken: '' },
    schema: UpdatePasswordPayload,
    toInput: (values) => ({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
      ...(user.mfaIsEnabled ? { mfaToken: values.mfaToken.trim() } : {}),
    }),
    messages: { currentPassword: { required: 'Current password is required' } },
    check: (values) => ({
      ...newPasswordErrors(assessment, values.newPassword, values.confirmPassword),
      // docs/validation.md#mfa-codes: with MFA on, the change needs the app's 6-digit code.
      mfaToken:
        user.mfaIsEnabled && !/^\d{6}$/.test(values.mfaToken.trim())
          ? PROFILE_MESSAGES.invalidCode
          : undefined,
    }),
    // The hook renews the session and reloads the user before it resolves.
    onSubmit: async (payload) => {
      await mutation.mutateAsync(payload)
      onClose()
    },
    // docs/errors.md#password lists the field messages in the alert, after 'Error updating password' and the message.
    serverErrorsOnFields: false,
    summarize: (error) => {
      const failure = passwordFailure(error)
      return {
        title: failure.title ?? undefined,
        message: failure.message,
        details: failure.details,
      }
    },
  })
  const password = form.values.newPassword
  const score = usePasswordScore(password, [user.emailAddress])
  const assessment = assessNewPassword({
    password,
    confirmation: form.values.confirmPassword,
    emailAddress: user.emailAddress,
    estimatedScore: score,
  })
  const action = newPasswordAction(assessment, 'Update password')

  const busy = mutation.isPending
  return (
    <Dialog
      open
      onClose={onClose}
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
            disabled={action.disabled || !online}
            title={online ? undefined : 'Needs a connection'}
          >
            {action.label}
          </Button>
        </>
      }
    >
      <WriteFailure failure={form.summary} />
      {mutation.renewing && <Alert tone="success">Password changed. Renewing your session…</Alert>}
      <form id="password-form" className="profile-form" noValidate onSubmit={form.onSubmit}>
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
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <NewPasswordFields
          password={password}
          confirmation={form.values.confirmPassword}
          onPasswordChange={(value) => form.set('newPassword', value)}
          onConfirmationChange={(value) => form.set('confirmPassword', value)}
          assessment={assessment}
          errors={form.errors}
        />
        {user.mfaIsEnabled && (
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            hint="The 6-digit code from your authenticator app."
            {...form.field('mfaToken')}
          />
        )}
      </form>
    </Dialog>
  )
}
