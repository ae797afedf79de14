import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { ApiKey } from '@/api/schema/developer'
import {
  developerQueries,
  useCreateApiKeyMutation,
  useSetApiKeyEnabledMutation,
} from '@/features/developer/api'
import { DeveloperItem, Tags } from '@/features/developer/developer-item'
import { createFormSummary, DEVELOPER_MESSAGES } from '@/features/developer/messages'
import { PermissionPicker } from '@/features/developer/permission-picker'
import { useEnabledToggle } from '@/features/developer/use-enabled-toggle'
import { formatDateTime } from '@/lib/dates'
import { lazySchema, useForm } from '@/lib/use-form'
import { Button } from '@/ui/button'
import { FormDialog } from '@/ui/form-dialog'
import { TextField } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'
import { QueryView } from '@/ui/query-view'
import { SecretOnceDialog } from '@/ui/secret-once-dialog'

const createSchema = lazySchema(() =>
  import('@/api/schema/developer').then((m) => m.ApiKeyCreatePayload),
)

interface PanelProps {
  submerchantId: string
  online: boolean
}

// Developer page (docs/screens.md#developer-tools): API keys, their list and create form.
// Not on the list kit: keys are few (one page of 100), with no filter, sort or page to keep in the URL.
export function ApiKeysPanel({ submerchantId, online }: PanelProps) {
  const headingId = useId()
  const query = useQuery(developerQueries.apiKeys(submerchantId))
  const [creating, setCreating] = useState(false)
  const { pendingId, toggle, failureDialog } = useEnabledToggle<ApiKey>({
    noun: 'API key',
    mutation: useSetApiKeyEnabledMutation(submerchantId),
  })

  return (
    <section className="developer-panel" aria-labelledby={headingId}>
      <div className="developer-panel__header">
        <h2 id={headingId}>API keys</h2>
        <Button onClick={() => setCreating(true)} disabled={!online}>
          Create API key
        </Button>
      </div>
      <p className="muted">
        Keys let your own systems call the API for this account, with only the permissions you give
        them.
      </p>
      <QueryView
        query={query}
        errorTitle="Failed to load API keys"
        what="the API keys"
        pendingLabel="Loading API keys"
      >
        {(page) =>
          page.items.length === 0 ? (
            <p className="developer-empty">No API keys yet.</p>
          ) : (
            <ul className="developer-list" aria-label="API keys">
              {page.items.map((key) => (
                <DeveloperItem
                  key={key.id}
                  name={key.name || 'Unnamed API key'}
                  isEnabled={key.isEnabled}
                  facts={[
                    { label: 'Identifier', value: <code>{key.identifier}</code> },
                    {
                      label: 'Last used',
                      value: key.lastSeenAt ? formatDateTime(key.lastSeenAt) : 'Never used',
                    },
                    {
                      label: 'Permissions',
                      value: <Tags label="Permissions" values={key.permissions} />,
                      wide: true,
                    },
                  ]}
                  toggle={{
                    pending: pendingId === key.id,
                    disabled: !online,
                    onToggle: () => toggle(key),
                  }}
                />
              ))}
            </ul>
          )
        }
      </QueryView>
      {creating && (
        <CreateApiKeyDialog submerchantId={submerchantId} onClose={() => setCreating(false)} />
      )}
      {failureDialog}
    </section>
  )
}

function CreateApiKeyDialog({
  submerchantId,
  onClose,
}: {
  submerchantId: string
  onClose: () => void
}) {
  const create = useCreateApiKeyMutation(submerchantId)
  // The created key with its token: in this component only, gone when the dialog closes.
  const [created, setCreated] = useState<ApiKey | null>(null)
  const form = useForm({
    initial: { name: '', permissions: [] as string[] },
    schema: createSchema,
    toInput: (values) => ({
      submerchantId,
      name: values.name.trim() || null,
      permissions: values.permissions,
    }),
    check: (values) =>
      values.permissions.length === 0 ? { permissions: DEVELOPER_MESSAGES.permissionRequired } : {},
    messages: { name: { maxLength: 'Use at most 100 characters' } },
    serverErrorsOnFields: false,
    summarize: createFormSummary,
    onSubmit: async (payload) => {
      setCreated(
        await create.mutateAsync({
          name: payload.name ?? null,
          permissions: payload.permissions,
        }),
      )
    },
  })

  if (created?.token) {
    return (
      <SecretOnceDialog
        title="API key created"
        label="Token"
        value={created.token}
        warning="Copy the token now"
        onClose={onClose}
      >
        Store it where your system keeps its secrets.
      </SecretOnceDialog>
    )
  }

  return (
    <FormDialog
      title="Create API key"
      className="developer-dialog"
      formId="api-key-form"
      submitLabel="Create"
      pending={form.pending}
      onClose={onClose}
      onSubmit={form.onSubmit}
    >
      <WriteFailure failure={form.summary} onDismiss={form.dismissSummary} />
      <TextField label="Name" optional maxLength={100} {...form.field('name')} />
      <PermissionPicker
        value={form.values.permissions}
        onChange={(permissions) => form.set('permissions', permissions)}
        error={form.errors.permissions}
      />
    </FormDialog>
  )
}
