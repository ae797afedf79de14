import { useId, useState } from 'react'
import { sameSearch, viewOf, type ListSearch, type ListSpec } from '@/lib/list-search'
import { viewSummary } from '@/lib/list-view'
import {
  removeView,
  savedViewStore,
  upsertView,
  validateViewName,
  MAX_VIEW_NAME_LENGTH,
  type SavedView,
} from '@/lib/saved-views'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { TextField } from '@/ui/field'
import { useToast } from '@/ui/toast'
import './saved-views.css'

interface SavedViewsProps {
  spec: ListSpec
  userId: string
  submerchantId: string
  search: ListSearch
  onApply: (search: ListSearch) => void
}

// Named filter sets of one list, kept on this device per user and account.
export function SavedViews({ spec, userId, submerchantId, search, onApply }: SavedViewsProps) {
  const [store] = useState(() => savedViewStore(spec, { userId, submerchantId }))
  const [views, setViews] = useState<SavedView[]>(() => store.read())
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  const current = viewOf(search)

  function update(next: SavedView[], done: string) {
    setViews(next)
    if (store.write(next)) toast.notice(done, 'success')
    else toast.notice('Saved views cannot be stored on this device', 'error')
  }

  return (
    <div className="saved-views">
      {views.length === 0 ? (
        <p className="muted">No saved views yet. Save the current filters to come back to them.</p>
      ) : (
        <ul className="saved-views__list">
          {views.map((view) => {
            const active = sameSearch(view.search, current)
            return (
              <li key={view.name} className="saved-view">
                <Button
                  variant={active ? 'primary' : 'secondary'}
                  size="small"
                  className="saved-view__apply"
                  aria-pressed={active}
                  title={viewSummary(spec, view.search)}
                  onClick={() => onApply(view.search)}
                >
                  {view.name}
                </Button>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={`Delete view ${view.name}`}
                  onClick={() =>
                    update(removeView(views, view.name), `Deleted view "${view.name}"`)
                  }
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <Button variant="secondary" size="small" onClick={() => setSaving(true)}>
        Save current view
      </Button>
      <SaveViewDialog
        open={saving}
        onClose={() => setSaving(false)}
        summary={viewSummary(spec, current)}
        onSave={(name) => {
          setSaving(false)
          update(upsertView(views, name, current), `Saved view "${name.trim()}"`)
        }}
      />
    </div>
  )
}

function SaveViewDialog({
  open,
  onClose,
  summary,
  onSave,
}: {
  open: boolean
  onClose: () => void
  summary: string
  onSave: (name: string) => void
}) {
  const formId = useId()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save view"
      description={summary}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Save
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const problem = validateViewName(name)
          setError(problem)
          if (problem) return
          onSave(name)
          setName('')
        }}
      >
        <TextField
          label="View name"
          value={name}
          error={error}
          maxLength={MAX_VIEW_NAME_LENGTH + 10}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </form>
    </Dialog>
  )
}
