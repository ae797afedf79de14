import { useState } from 'react'
import type { Role } from '@/api/schema/common'
import { FormDialog } from '@/ui/form-dialog'
import { Field, TextField } from '@/ui/field'
import { useToast } from '@/ui/toast'
import { useInviteMutation } from './api'
import { ROLE_LABELS } from './roles'
import { WriteFailure } from '@/ui/write-failure'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface InviteDialogProps {
  submerchantId: string
  // The roles this person may invite (docs/roles.md#team).
  roles: readonly Role[]
  onClose: () => void
}

// The Invite form (docs/screens.md#team): an email address and a role; the server's refusals show here.
export function InviteDialog({ submerchantId, roles, onClose }: InviteDialogProps) {
  const invite = useInviteMutation(submerchantId)
  const toast = useToast()
  const [emailAddress, setEmailAddress] = useState('')
  const [role, setRole] = useState<Role>(
    roles.includes('viewer') ? 'viewer' : (roles[0] ?? 'viewer'),
  )
  const [emailError, setEmailError] = useState<string | null>(null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const email = emailAddress.trim()
    if (!EMAIL.test(email)) {
      setEmailError(email === '' ? 'Email address required' : 'Enter a valid email address')
      return
    }
    setEmailError(null)
    const sent = await invite.mutateAsync({ emailAddress: email, role }).catch(() => null)
    if (!sent) return
    toast.show(`Invitation sent to ${sent.emailAddress}`, { tone: 'success' })
    onClose()
  }

  return (
    <FormDialog
      title="Invite someone"
      description="They get an email with a link that works for 7 days."
      formId="invite-form"
      submitLabel="Send invitation"
      pending={invite.isPending}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <WriteFailure error={invite.error} onDismiss={() => invite.reset()} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        value={emailAddress}
        error={emailError}
        onChange={(e) => setEmailAddress(e.target.value)}
      />
      <Field label="Role">
        {(control) => (
          <select
            {...control}
            className="input"
            value={role}
            onChange={(e) => setRole(roles.find((r) => r === e.target.value) ?? role)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  )
}
