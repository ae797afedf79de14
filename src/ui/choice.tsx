import type { ReactNode } from 'react'
import './choice.css'

interface ChoiceProps {
  type: 'checkbox' | 'radio'
  name?: string
  value?: string
  checked: boolean
  // A checkbox for a group that is partly chosen (shown as a dash, read as mixed).
  indeterminate?: boolean
  disabled?: boolean
  label: string
  // A line under the label, part of the accessible name's description.
  hint?: ReactNode
  onChange: (checked: boolean) => void
}

// A checkbox or radio with its label, one touch target tall.
export function Choice({ label, hint, onChange, indeterminate = false, ...input }: ChoiceProps) {
  return (
    <label className="choice">
      <input
        {...input}
        ref={(element) => {
          if (element) element.indeterminate = indeterminate
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="choice__text">
        {label}
        {hint && <span className="choice__hint">{hint}</span>}
      </span>
    </label>
  )
}
