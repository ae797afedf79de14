import type { FormEvent, ReactNode } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'
import './form-dialog.css'

interface FormDialogProps {
  title: string
  description?: ReactNode
  className?: string
  // The form's id: the footer's submit button sits outside the form.
  formId: string
  submitLabel: string
  pending: boolean
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children: ReactNode
}

// A dialog holding one form: its fields in a column, Cancel and the submit button in the footer.
export function FormDialog(props: FormDialogProps) {
  const { formId, onClose } = props
  return (
    <Dialog
      open
      onClose={onClose}
      title={props.title}
      description={props.description}
      className={props.className}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={props.pending}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form-dialog__form" noValidate onSubmit={props.onSubmit}>
        {props.children}
      </form>
    </Dialog>
  )
}
