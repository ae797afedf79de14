import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import './field.css'

// What a control needs to be named, described and marked invalid by its Field.
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  required?: boolean
}

interface FieldProps {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  required?: boolean
  // Shown after the label for fields the user may leave empty.
  optional?: boolean
  id?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

export function Field({
  label,
  hint,
  error,
  required,
  optional,
  id,
  className,
  children,
}: FieldProps) {
  const generated = useId()
  const controlId = id ?? `field-${generated}`
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {optional && (
          <>
            {' '}
            <span className="field__optional">(optional)</span>
          </>
        )}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { required: true } : {}),
      })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  optional?: boolean
  id?: string
}

export function TextField({
  label,
  hint,
  error,
  optional,
  id,
  className,
  ...input
}: TextFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      id={id}
      required={input.required}
    >
      {(control) => (
        <input {...input} {...control} className={['input', className].filter(Boolean).join(' ')} />
      )}
    </Field>
  )
}
