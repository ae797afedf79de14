import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { WebhookEndpoint } from '@/api/schema/developer'
import { developerQueries, useSetEndpointEnabledMutation } from '@/features/developer/api'
import { DeveloperItem, Tags } from '@/features/developer/developer-item'
import {
  DeleteEndpointDialog,
  RotateSecretDialog,
} from '@/features/developer/endpoint-confirm-dialogs'
import { CreateEndpointDialog, endpointName } from '@/features/developer/endpoint-create-dialog'
import { TestDialog, type RenderSalePicker } from '@/features/developer/endpoint-test-dialog'
import { useEnabledToggle } from '@/features/developer/use-enabled-toggle'
import { Button, buttonClassName } from '@/ui/button'
import { QueryView } from '@/ui/query-view'

export const NOTIFICATIONS_ROUTE = '/developer/endpoints/$endpointId/notifications' as const

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

// Developer page (docs/screens.md#developer-tools): webhook endpoints, their list and create form, Test, Delete and History.
// Not on the list kit: endpoints are few (one page of 100), with no filter, sort or page to keep in the URL.
export function EndpointsPanel({ submerchantId, online, renderSalePicker }: PanelProps) {
  const headingId = useId()
  const query = useQuery(developerQueries.endpoints(submerchantId))
  const [action, setAction] = useState<EndpointAction | null>(null)
  const { pendingId, toggle, failureDialog } = useEnabledToggle<WebhookEndpoint>({
    noun: 'endpoint',
    mutation: useSetEndpointEnabledMutation(submerchantId),
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
                      onToggle: () => toggle(endpoint),
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
          submerchantId={submerchantId}
          endpoint={action.endpoint}
          onClose={close}
          renderSalePicker={renderSalePicker}
        />
      )}
      {action?.kind === 'delete' && (
        <DeleteEndpointDialog
          submerchantId={submerchantId}
          endpoint={action.endpoint}
          onClose={close}
        />
      )}
      {action?.kind === 'rotate' && (
        <RotateSecretDialog
          submerchantId={submerchantId}
          endpoint={action.endpoint}
          onClose={close}
        />
      )}
      {failureDialog}
    </section>
  )
}
