import { useId, useState, type InputHTMLAttributes } from 'react'
import { Button } from '@/ui/button'
import { Field } from '@/ui/field'

interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'autoComplete'
> {
  label: string
  // 'current-password' on sign-in, 'new-password' where a password is chosen.
  autoComplete: 'current-password' | 'new-password'
  error?: string | null
  hint?: string
}

// A password input with a show/hide toggle, named for password managers.
export function PasswordField({ label, error, hint, autoComplete, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  const id = useId()
  return (
    <Field label={label} id={id} error={error} hint={hint} required={input.required}>
      {(control) => (
        <div className="input-group">
          <input
            {...input}
            {...control}
            aria-describedby={
              [control['aria-describedby'], input['aria-describedby']].filter(Boolean).join(' ') ||
              undefined
            }
            className="input"
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="none"
            spellCheck={false}
          />
          <Button
            variant="secondary"
            aria-controls={id}
            // The visible word stays part of the name (WCAG 2.5.3 label in name).
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setVisible(!visible)}
          >
            {visible ? 'Hide' : 'Show'}
          </Button>
        </div>
      )}
    </Field>
  )
}
