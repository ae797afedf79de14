import './spinner.css'

interface SpinnerProps {
  // Announced to screen readers; omit for a decorative spinner inside a labelled control.
  label?: string
  size?: 'small' | 'large'
}

export function Spinner({ label, size = 'small' }: SpinnerProps) {
  const className = size === 'large' ? 'spinner spinner--large' : 'spinner'
  if (!label) return <span className={className} aria-hidden="true" />
  return (
    <span role="status">
      <span className={className} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}
