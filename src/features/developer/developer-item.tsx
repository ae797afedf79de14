import type { ReactNode } from 'react'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { ItemFacts, type ItemFact } from '@/ui/item-card'

interface DeveloperItemProps {
  name: string
  isEnabled: boolean
  facts: ItemFact[]
  // The Enable/Disable toggle (docs/states.md#api-keys-and-webhook-endpoints): a spinner while it runs.
  toggle: { pending: boolean; disabled: boolean; onToggle: () => void }
  // More actions after the toggle.
  actions?: ReactNode
}

// A list of small codes (permissions, events), named for screen readers.
export function Tags({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <ul className="developer-tags" aria-label={label}>
      {values.map((value) => (
        <li key={value}>
          <code>{value}</code>
        </li>
      ))}
    </ul>
  )
}

// One API key or endpoint: its name and enabled mark, its facts, Enable/Disable and more.
export function DeveloperItem({ name, isEnabled, facts, toggle, actions }: DeveloperItemProps) {
  return (
    <li className="item-card">
      <div className="developer-item__head">
        <h3 className="developer-item__name">{name}</h3>
        <Badge tone={isEnabled ? 'success' : 'neutral'}>{isEnabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      <ItemFacts facts={facts} />
      <div className="item-card__actions">
        <Button
          variant="secondary"
          size="small"
          loading={toggle.pending}
          disabled={toggle.disabled}
          onClick={toggle.onToggle}
        >
          {isEnabled ? 'Disable' : 'Enable'}
          <span className="visually-hidden">{` ${name}`}</span>
        </Button>
        {actions}
      </div>
    </li>
  )
}
