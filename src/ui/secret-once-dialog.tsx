import { useState, type ReactNode } from 'react'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { TextField } from '@/ui/field'
import { SecretValue } from '@/ui/secret-value'

// How the dialog says the value is shown once: a warning ('It will not be shown again.' follows its
// headline, then what to do with the value), or the product's own sentence under the title, which
// says so itself (the MFA recovery code).
type SecretOnceWording =
  | { warning: string; children?: ReactNode; description?: never }
  | { description: string; warning?: never; children?: never }

export type SecretOnceDialogProps = SecretOnceWording & {
  title: string
  // What the value is: 'Token', 'Signing secret', 'Recovery code'.
  label: string
  value: string
  onClose: () => void
  closeLabel?: string
  // When set, the dialog cannot be dismissed until this word is typed (the value is that precious).
  confirmWord?: string
}

// A token or secret the server shows once: the warning, the value with Copy, and a way out.
export function SecretOnceDialog({
  title,
  label,
  value,
  warning,
  children,
  description,
  onClose,
  closeLabel = 'Done',
  confirmWord,
}: SecretOnceDialogProps) {
  const [typed, setTyped] = useState('')
  const confirmed = confirmWord === undefined || typed.trim() === confirmWord
  const id = `secret-once-${label.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={confirmWord === undefined}
      title={title}
      description={description}
      footer={
        <Button disabled={!confirmed} onClick={onClose}>
          {closeLabel}
        </Button>
      }
    >
      {warning !== undefined && (
        <Alert tone="warning" title={warning}>
          It will not be shown again. {children}
        </Alert>
      )}
      <SecretValue id={id} label={label} value={value} />
      {confirmWord !== undefined && (
        <TextField
          label={`Type ${confirmWord} to confirm you saved it`}
          name="confirmWord"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
    </Dialog>
  )
}
