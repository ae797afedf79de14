import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { toApiError } from '@/api/errors'
import type { WebhookEndpoint } from '@/api/schema/developer'
import { WEBHOOK_EVENTS, type WebhookEventName } from '@/api/schema/developer-values'
import {
  createEndpoint,
  deleteEndpoint,
  developerKeys,
  developerQueries,
  putInList,
  removeFromList,
  rotateSigningSecret,
  sendTestNotification,
  setEndpointEnabled,
} from '@/features/developer/api'
import { DeveloperItem, Tags } from '@/features/developer/developer-item'
import { createFormSummary, DEVELOPER_MESSAGES } from '@/features/developer/messages'
import { useEnabledToggle } from '@/features/developer/use-enabled-toggle'
import { lazySchema, useForm } from '@/lib/use-form'
import { Alert } from '@/ui/alert'
import { Button, buttonClassName } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { Dialog } from '@/ui/dialog'
import { Field, TextField } from '@/ui/field'
import { FormSummaryAlert } from '@/ui/form-summary'
import { QueryView } from '@/ui/query-view'
import { SecretValue } from '@/ui/secret-value'
import { useToast } from '@/ui/toast'

const createSchema = lazySchema(() =>
  import('@/api/schema/developer').then((m) => m.WebhookEndpointCreatePayload),
)

export const NOTIFICATIONS_ROUTE = '/developer/endpoints/$endpointId/notifications' as const

// The test dialog's sale choice, given by the route (the sales feature draws it).
export type RenderSalePicker = (props: {
  value: string | null
  onChange: (saleId: string) => void
  error?: string
}) => ReactNode

interface PanelProps {
  submerchantId: string
  online: boolean
  renderSalePicker: RenderSalePicker
}

type EndpointAction =
  | { kind: 'create' }
  | { kind: 'test'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }

const endpointName = (endpoint: WebhookEndpoint) => endpoint.name || 'Unnamed endpoint'

// §2 Developer page: webhook endpoints, their list and create form, Test, Delete and History.
export function EndpointsPanel({ submerchantId, online, renderSalePicker }: PanelProps) {
  const headingId = useId()
  const query = useQuery(developerQueries.endpoints(submerchantId))
  const [action, setAction] = useState<EndpointAction | null>(null)
  const { pendingId, toggle, failureDialog } = useEnabledToggle<WebhookEndpoint>({
    queryKey: developerKeys.endpoints(submerchantId),
    noun: 'endpoint',
    send: setEndpointEnabled,
  })
  const close = () => setAction(null)

  return (
    <section className="developer-panel" aria-labelledby={headingId}>
      <div className="developer-panel__header">
        <h2 id={headingId}>Webhook endpoints</h2>
        <Button onClick={() => setAction({ kind: 'create' })} disabled={!online}>
          Add endpoint
        </Button>
      </div>
      <p className="muted">
        We POST each event to your URL, signed with the endpoint&apos;s secret in the
        Webhook-Signature header, and retry failures for up to 3 days.
      </p>
      <QueryView
        query={query}
        errorTitle="Failed to load webhook endpoints"
        what="the webhook endpoints"
        pendingLabel="Loading webhook endpoints"
      >
        {(page) =>
          page.items.length === 0 ? (
            <p className="developer-empty">No webhook endpoints yet.</p>
          ) : (
            <ul className="developer-list" aria-label="Webhook endpoints">
              {page.items.map((endpoint) => {
                const name = endpointName(endpoint)
                const hidden = <span className="visually-hidden">{` ${name}`}</span>
                return (
                  <DeveloperItem
                    key={endpoint.id}
                    name={name}
                    isEnabled={endpoint.isEnabled}
                    facts={[
                      {
                        label: 'URL',
                        value: <span className="developer-url">{endpoint.url}</span>,
                        wide: true,
                      },
                      {
                        label: 'Events',
                        value: <Tags label="Events" values={endpoint.events} />,
                        wide: true,
                      },
                    ]}
                    toggle={{
                      pending: pendingId === endpoint.id,
                      disabled: !online,
                      onToggle: () => void toggle(endpoint),
                    }}
                    actions={
                      <>
                        {endpoint.isEnabled && (
                          <Button
                            variant="secondary"
                            size="small"
                            disabled={!online}
                            onClick={() => setAction({ kind: 'test', endpoint })}
                          >
                            Test
                            {hidden}
                          </Button>
                        )}
                        <Link
                          to={NOTIFICATIONS_ROUTE}
                          params={{ endpointId: endpoint.id }}
                          className={buttonClassName({ variant: 'secondary', size: 'small' })}
                        >
                          History
                          {hidden}
                        </Link>
                        <Button
                          variant="secondary"
                          size="small"
                          disabled={!online}
                          onClick={() => setAction({ kind: 'rotate', endpoint })}
                        >
                          Rotate secret
                          {hidden}
                        </Button>
                        <Button
                          variant="danger"
                          size="small"
                          disabled={!online}
                          onClick={() => setAction({ kind: 'delete', endpoint })}
                        >
                          Delete
                          {hidden}
                        </Button>
                      </>
                    }
                  />
                )
              })}
            </ul>
          )
        }
      </QueryView>
      {action?.kind === 'create' && (
        <CreateEndpointDialog submerchantId={submerchantId} onClose={close} />
      )}
      {action?.kind === 'test' && (
        <TestDialog
          endpoint={action.endpoint}
          onClose={close}
          renderSalePicker={renderSalePicker}
        />
      )}
      {action?.kind === 'delete' && (
        <DeleteDialog submerchantId={submerchantId} endpoint={action.endpoint} onClose={close} />
      )}
      {action?.kind === 'rotate' && <RotateDialog endpoint={action.endpoint} onClose={close} />}
      {failureDialog}
    </section>
  )
}

// The signing secret, shown once after creation or rotation.
function SecretDialog({
  title,
  secret,
  note,
  onClose,
}: {
  title: string
  secret: string
  note: ReactNode
  onClose: () => void
}) {
  return (
    <Dialog open onClose={onClose} title={title} footer={<Button onClick={onClose}>Done</Button>}>
      <Alert tone="warning" title="Copy the signing secret now">
        It will not be shown again. {note}
      </Alert>
      <SecretValue id="endpoint-signing-secret" label="Signing secret" value={secret} />
    </Dialog>
  )
}

function CreateEndpointDialog({
  submerchantId,
  onClose,
}: {
  submerchantId: string
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const [secret, setSecret] = useState<string | null>(null)
  const form = useForm({
    // §5: sale.created preselected, intent.authorized not.
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
      const endpoint = await createEndpoint(submerchantId, {
        url: payload.url,
        name: payload.name ?? null,
        events: payload.events,
      })
      putInList(queryClient, developerKeys.endpoints(submerchantId), endpoint, 'signingSecret')
      setSecret(endpoint.signingSecret ?? null)
      if (!endpoint.signingSecret) onClose()
    },
  })

  if (secret) {
    return (
      <SecretDialog
        title="Endpoint added"
        secret={secret}
        note="Your receiver checks each delivery's signature with it."
        onClose={onClose}
      />
    )
  }

  const events = new Set(form.values.events)
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add webhook endpoint"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="endpoint-form" loading={form.pending}>
            Add endpoint
          </Button>
        </>
      }
    >
      <form id="endpoint-form" className="developer-form" noValidate onSubmit={form.onSubmit}>
        <FormSummaryAlert summary={form.summary} onDismiss={form.dismissSummary} />
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
      </form>
    </Dialog>
  )
}

function TestDialog({
  endpoint,
  onClose,
  renderSalePicker,
}: {
  endpoint: WebhookEndpoint
  onClose: () => void
  renderSalePicker: RenderSalePicker
}) {
  const toast = useToast()
  const [event, setEvent] = useState<WebhookEventName>(endpoint.events[0] ?? 'sale.created')
  const [saleId, setSaleId] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function send() {
    setTried(true)
    if (!saleId) return
    setSending(true)
    setFailure(null)
    try {
      await sendTestNotification(endpoint.id, event, saleId)
      toast.notice('Test notification sent', 'success')
      onClose()
    } catch (error) {
      setFailure(DEVELOPER_MESSAGES.testFailed(toApiError(error).message))
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Send a test notification"
      description={`To ${endpointName(endpoint)} (${endpoint.url})`}
      className="developer-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="test-form" loading={sending}>
            Send test
          </Button>
        </>
      }
    >
      <form
        id="test-form"
        className="developer-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
      >
        {failure && <Alert title={failure} onDismiss={() => setFailure(null)} />}
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
      </form>
    </Dialog>
  )
}

function DeleteDialog({
  submerchantId,
  endpoint,
  onClose,
}: {
  submerchantId: string
  endpoint: WebhookEndpoint
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [deleting, setDeleting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function confirm() {
    setDeleting(true)
    setFailure(null)
    try {
      await deleteEndpoint(endpoint.id)
      removeFromList(queryClient, developerKeys.endpoints(submerchantId), endpoint.id)
      toast.notice('Endpoint deleted', 'success')
      onClose()
    } catch (error) {
      setFailure(DEVELOPER_MESSAGES.deletionFailed(toApiError(error).message))
      setDeleting(false)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete endpoint?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      {failure && <Alert title={failure} />}
      <p>
        <strong>{endpointName(endpoint)}</strong> ({endpoint.url}) will stop receiving
        notifications, and deliveries waiting for it are dropped. This cannot be undone.
      </p>
    </Dialog>
  )
}

function RotateDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const [rotating, setRotating] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)

  async function rotate() {
    setRotating(true)
    setFailure(null)
    try {
      const rotated = await rotateSigningSecret(endpoint.id)
      setSecret(rotated.signingSecret ?? null)
    } catch (error) {
      setFailure(toApiError(error).message)
    } finally {
      setRotating(false)
    }
  }

  if (secret) {
    return (
      <SecretDialog
        title="Signing secret rotated"
        secret={secret}
        note="For the next 24 hours deliveries carry a signature with the old secret too, so your receiver can switch over without missing any."
        onClose={onClose}
      />
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Rotate signing secret?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={rotating} onClick={() => void rotate()}>
            Rotate secret
          </Button>
        </>
      }
    >
      {failure && <Alert title={failure} />}
      <p>
        <strong>{endpointName(endpoint)}</strong> gets a new signing secret. The old one stays valid
        beside it for 24 hours: the Webhook-Signature header then carries a v1= for each.
      </p>
    </Dialog>
  )
}
