import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'

// The two answers of a sign-in that open a dialog; loaded on demand, off /login's first paint.
export function CompromisedPasswordNotice({
  onClose,
  onReset,
}: {
  onClose: () => void
  onReset: () => void
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Password reset required"
      description="Your password was found in a list of exposed credentials from a data breach on another website. To keep your account safe, choose a new password before you log in."
      footer={<Button onClick={onReset}>Reset password</Button>}
    />
  )
}

export function MfaDisabledNotice({ onContinue }: { onContinue: () => void }) {
  return (
    <Dialog
      open
      dismissible={false}
      onClose={onContinue}
      title="Multi-factor authentication disabled"
      description="You signed in with a recovery code, so multi-factor authentication is now disabled on your account. Enable it again from your profile to keep your account protected."
      footer={<Button onClick={onContinue}>Continue</Button>}
    />
  )
}
