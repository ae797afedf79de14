import { useInfiniteQuery } from '@tanstack/react-query'
import type { WebhookAttempt } from '@/api/schema/developer'
import { developerQueries } from '@/features/developer/api'
import { formatDateTime } from '@/lib/dates'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { CopyButton } from '@/ui/copy-button'
import { Dialog } from '@/ui/dialog'
import { QueryView } from '@/ui/query-view'

interface AttemptsDialogProps {
  submerchantId: string
  endpointId: string
  notificationId: string
  onClose: () => void
}

// A body as the receiver got it: JSON pretty-printed, anything else as it is. Always text.
export function prettyBody(body: string | null): string {
  if (body === null || body === '') return '(empty)'
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

const headersText = (headers: Record<string, string> | null) =>
  headers === null
    ? '(none)'
    : Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n')

// One part of an attempt, with Copy; rendered as text (a <pre>), never as HTML.
function Part({ label, text }: { label: string; text: string }) {
  return (
    <div className="attempt-part">
      <div className="attempt-part__head">
        <span className="attempt-part__label">{label}</span>
        <CopyButton value={text} aria-label={`Copy ${label.toLowerCase()}`} />
      </div>
      <pre className="attempt-part__text">{text}</pre>
    </div>
  )
}

function AttemptItem({ attempt, index }: { attempt: WebhookAttempt; index: number }) {
  const status = attempt.responseStatusCode
  const ok = status !== null && status >= 200 && status < 300
  return (
    <details className="attempt" open={index === 0}>
      <summary className="attempt__summary">
        <span>Attempt {index + 1}</span>
        <span className="muted">{formatDateTime(attempt.createdAt)}</span>
        <Badge tone={ok ? 'success' : 'danger'}>{status === null ? 'No response' : status}</Badge>
      </summary>
      <div className="attempt__body">
        <Part label="Attempt ID" text={attempt.id} />
        <Part label="Request URL" text={attempt.requestUrl} />
        <Part label="Request headers" text={headersText(attempt.requestHeaders)} />
        <Part label="Request body" text={prettyBody(attempt.requestBody)} />
        <Part
          label="Response status code"
          text={status === null ? 'No response (timed out or refused)' : String(status)}
        />
        <Part label="Response headers" text={headersText(attempt.responseHeaders)} />
        <Part label="Response body" text={prettyBody(attempt.responseBody)} />
      </div>
    </details>
  )
}

// The attempts of one notification (docs/screens.md#notification-history), 5 at a time (Load more attempts), each collapsible.
export function AttemptsDialog({
  submerchantId,
  endpointId,
  notificationId,
  onClose,
}: AttemptsDialogProps) {
  const query = useInfiniteQuery(
    developerQueries.attempts(submerchantId, endpointId, notificationId),
  )
  return (
    <Dialog
      open
      onClose={onClose}
      title="Attempts"
      description={notificationId}
      className="attempts-dialog"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <QueryView
        query={query}
        errorTitle="Failed to load attempts"
        what="the attempts"
        pendingLabel="Loading attempts"
      >
        {(data) => {
          const attempts = data.pages.flatMap((page) => page.items)
          return (
            <div className="attempts">
              {attempts.length === 0 ? (
                <p className="muted">No attempts yet: the first one is due shortly.</p>
              ) : (
                attempts.map((attempt, index) => (
                  <AttemptItem key={attempt.id} attempt={attempt} index={index} />
                ))
              )}
              {query.hasNextPage && (
                <Button
                  variant="secondary"
                  loading={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  Load more attempts
                </Button>
              )}
            </div>
          )
        }}
      </QueryView>
    </Dialog>
  )
}
