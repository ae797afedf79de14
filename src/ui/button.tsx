import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from '@/ui/spinner'
import './button.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

interface ButtonLook {
  variant?: ButtonVariant
  size?: 'medium' | 'small'
  block?: boolean
}

// Shared with links that look like buttons.
export function buttonClassName({ variant = 'primary', size = 'medium', block }: ButtonLook = {}) {
  return [
    'button',
    `button--${variant}`,
    size === 'small' && 'button--small',
    block && 'button--block',
  ]
    .filter(Boolean)
    .join(' ')
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  // Shows a spinner, marks the button busy and blocks repeat clicks.
  loading?: boolean
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={[buttonClassName({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner />}
      {children}
    </button>
  )
}
