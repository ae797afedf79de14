import { useState, type ReactNode } from 'react'
import type { WebhookEndpoint } from '@/api/schema/developer'
import { WEBHOOK_EVENTS, type WebhookEventName } from '@/api/schema/developer-values'
import { useSendTestNotificationMutation } from '@/features/developer/api'
import { endpointName } from '@/features/developer/endpoint-create-dialog'
import { DEVELOPER_MESSAGES } from '@/features/developer/messages'
import { FormDialog } from '@/ui/form-dialog'
import { Field } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'

// The test dialog's sale choice, given by the route (the sales feature draws it).
export type RenderSalePicker = (props: {
  value: string | null
  onChange: (saleId: string) => void
  error?: string
}) => ReactNode

// Test (docs/screens.md#developer-tools): one event about one chosen sale, sent to the endpoint now.
export function TestDialog({
  submerchantId,
  endpoint,
  onClose,
  renderSalePicker,
}: {
  submerchantId: string
  endpoint: WebhookEndpoint
  onClose: () => void
  renderSalePicker: RenderSalePicker
}) {
  const mutation = useSendTestNotificationMutation(submerchantId, endpoint.id)
  const [event, setEvent] = useState<WebhookEventName>(endpoint.events[0] ?? 'sale.created')
  const [saleId, setSaleId] = useState<string | null>(null)
  const [tried, setTried] = useState(false)

  function send() {
    setTried(true)
    if (saleId) mutation.mutate({ event, saleId }, { onSuccess: onClose })
  }

  return (
    <FormDialog
      title="Send a test notification"
      description={`To ${endpointName(endpoint)} (${endpoint.url})`}
      className="developer-dialog"
      formId="test-form"
      submitLabel="Send test"
      pending={mutation.isPending}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      <WriteFailure
        error={mutation.error}
        text={(error) => DEVELOPER_MESSAGES.testFailed(error.message)}
        onDismiss={() => mutation.reset()}
      />
      <Field label="Event">
        {(control) => (
          <select
            {...control}
            className="input"
            value={event}
            onChange={(e) =>
              setEvent(WEBHOOK_EVENTS.find((known) => known === e.target.value) ?? event)
            }
          >
            {WEBHOOK_EVENTS.map((known) => (
              <option key={known} value={known}>
                {known}
              </option>
            ))}
          </select>
        )}
      </Field>
      {renderSalePicker({
        value: saleId,
        onChange: setSaleId,
        error: tried && !saleId ? DEVELOPER_MESSAGES.saleRequired : undefined,
      })}
    </FormDialog>
  )
}
