import type { WebhookEndpoint } from '@/api/schema/developer'
import { WEBHOOK_EVENTS, type WebhookEventName } from '@/api/schema/developer-values'
import { useCreateEndpointMutation } from '@/features/developer/api'
import { createFormSummary, DEVELOPER_MESSAGES } from '@/features/developer/messages'
import { lazySchema, useForm } from '@/lib/use-form'
import { Choice } from '@/ui/choice'
import { FormDialog } from '@/ui/form-dialog'
import { TextField } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'
import { SecretOnceDialog } from '@/ui/secret-once-dialog'
import { useState } from 'react'

const createSchema = lazySchema(() =>
  import('@/api/schema/developer').then((m) => m.WebhookEndpointCreatePayload),
)

export const endpointName = (endpoint: WebhookEndpoint) => endpoint.name || 'Unnamed endpoint'

// Add an endpoint, then its signing secret, shown once.
export function CreateEndpointDialog({
  submerchantId,
  onClose,
}: {
  submerchantId: string
  onClose: () => void
}) {
  const mutation = useCreateEndpointMutation(submerchantId)
  const [secret, setSecret] = useState<string | null>(null)
  const form = useForm({
    // docs/validation.md#developer-tools: sale.created preselected, intent.authorized not.
    initial: { url: '', name: '', events: ['sale.created'] as WebhookEventName[] },
    schema: createSchema,
    toInput: (values) => ({
      submerchantId,
      url: values.url.trim(),
      name: values.name.trim() || null,
      events: values.events,
      isEnabled: true,
    }),
    messages: {
      url: { required: DEVELOPER_MESSAGES.urlRequired },
      name: { maxLength: 'Use at most 100 characters' },
    },
    check: (values) => ({
      ...(values.url.trim() ? {} : { url: DEVELOPER_MESSAGES.urlRequired }),
      ...(values.events.length === 0 ? { events: DEVELOPER_MESSAGES.eventRequired } : {}),
    }),
    serverErrorsOnFields: false,
    summarize: createFormSummary,
    onSubmit: async (payload) => {
      const endpoint = await mutation.mutateAsync({
        url: payload.url,
        name: payload.name ?? null,
        events: payload.events,
      })
      setSecret(endpoint.signingSecret ?? null)
      if (!endpoint.signingSecret) onClose()
    },
  })

  if (secret) {
    return (
      <SecretOnceDialog
        title="Endpoint added"
        label="Signing secret"
        value={secret}
        warning="Copy the signing secret now"
        onClose={onClose}
      >
        Your receiver checks each delivery&apos;s signature with it.
      </SecretOnceDialog>
    )
  }

  const events = new Set(form.values.events)
  return (
    <FormDialog
      title="Add webhook endpoint"
      formId="endpoint-form"
      submitLabel="Add endpoint"
      pending={form.pending}
      onClose={onClose}
      onSubmit={form.onSubmit}
    >
      <WriteFailure failure={form.summary} onDismiss={form.dismissSummary} />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        required
        placeholder="https://example.com/webhooks"
        maxLength={2048}
        {...form.field('url')}
      />
      <TextField label="Name" optional maxLength={100} {...form.field('name')} />
      <fieldset className="choice-group">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <Choice
            key={event}
            type="checkbox"
            value={event}
            checked={events.has(event)}
            onChange={(on) =>
              form.set(
                'events',
                WEBHOOK_EVENTS.filter((e) => (e === event ? on : events.has(e))),
              )
            }
            label={event}
          />
        ))}
        {form.errors.events && (
          <p className="field__error" role="alert">
            {form.errors.events}
          </p>
        )}
      </fieldset>
    </FormDialog>
  )
}
