import { CopyButton } from '@/ui/copy-button'
import './secret-value.css'

// A secret shown once (a TOTP secret, a recovery code, an API token, a signing secret), with Copy.
export function SecretValue({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="secret-value">
      <span className="secret-value__label" id={id}>
        {label}
      </span>
      <code className="secret-value__value" aria-labelledby={id}>
        {value}
      </code>
      <CopyButton value={value} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </CopyButton>
    </div>
  )
}
