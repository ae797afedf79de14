import type { ChangeEventHandler } from 'react'
import { TextField } from '@/ui/field'

interface EmailFieldProps {
  value: string
  error?: string | null
  onChange: ChangeEventHandler<HTMLInputElement>
}

// The sign-in email as password managers expect it: the account's username, never auto-capitalised.
export function EmailField({ value, error, onChange }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      name="emailAddress"
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      error={error}
      onChange={onChange}
    />
  )
}
