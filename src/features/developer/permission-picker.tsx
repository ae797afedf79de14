import { API_KEY_RESOURCES } from '@/api/schema/developer-values'
import { prettify } from '@/lib/prettify'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'

const RESOURCES = Object.entries(API_KEY_RESOURCES) as [string, readonly string[]][]
const ALL = RESOURCES.flatMap(([resource, ops]) => ops.map((op) => `${resource}:${op}`))

// Quick choices beside the full grid (none is preselected, docs/validation.md#developer-tools).
const PRESETS: { label: string; permissions: string[] }[] = [
  { label: 'Read only', permissions: ALL.filter((p) => p.endsWith(':read')) },
  {
    label: 'Payment links',
    permissions: [
      'intents:create',
      'intents:read',
      'intents:update',
      'intents:delete',
      'sales:read',
    ],
  },
]

// 'balanceTransactions' → 'Balance transactions'.
function resourceLabel(resource: string): string {
  const words = resource.replace(/([A-Z])/g, ' $1').toLowerCase()
  return prettify(words.replace(/ /g, '_'))
}

interface PermissionPickerProps {
  value: readonly string[]
  onChange: (permissions: string[]) => void
  error?: string
}

// resource:operation permissions (docs/entities.md#api-key-permissions), grouped by resource.
export function PermissionPicker({ value, onChange, error }: PermissionPickerProps) {
  const chosen = new Set(value)
  const set = (permission: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(permission)
    else next.delete(permission)
    onChange(ALL.filter((p) => next.has(p)))
  }
  return (
    <fieldset
      className="choice-group permission-picker"
      aria-describedby={error ? 'permissions-error' : undefined}
    >
      <legend>Permissions</legend>
      <div className="permission-picker__presets">
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            variant="secondary"
            size="small"
            onClick={() => onChange(preset.permissions)}
          >
            {preset.label}
          </Button>
        ))}
        <Button
          variant="ghost"
          size="small"
          onClick={() => onChange([])}
          disabled={value.length === 0}
        >
          Clear
        </Button>
      </div>
      <div className="permission-picker__grid">
        {RESOURCES.map(([resource, ops]) => (
          <fieldset key={resource} className="permission-picker__resource">
            <legend>{resourceLabel(resource)}</legend>
            {ops.map((op) => {
              const permission = `${resource}:${op}`
              return (
                <Choice
                  key={op}
                  type="checkbox"
                  value={permission}
                  checked={chosen.has(permission)}
                  onChange={(on) => set(permission, on)}
                  label={prettify(op)}
                />
              )
            })}
          </fieldset>
        ))}
      </div>
      {error && (
        <p className="field__error" id="permissions-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
