import { useEffect, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Intent } from '@/api/schema/intents'
import { intentQueries, MIN_CHECK_GAP_MS } from '@/features/payment-links/api'
import { IntentActions } from '@/features/payment-links/intent-actions'
import { StatusBadge } from '@/features/payment-links/status-badge'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { useLiveOpen } from '@/lib/live-status'
import { Alert } from '@/ui/alert'
import { RefText } from '@/ui/code-text'
import { Button } from '@/ui/button'
import { CopyButton } from '@/ui/copy-button'
import { Fact, FactCard } from '@/ui/facts'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import './payment-links.css'

export const TOO_SOON = 'Too soon to check again'

interface DetailScreenProps {
  submerchantId: string
  intentId: string
  canModify: boolean
  onDeleted: () => void
  // Shown while the link waits to be paid ('Notify me when it's paid'), composed by the route.
  notify?: ReactNode
}

export function PaymentLinkDetailScreen({
  submerchantId,
  intentId,
  canModify,
  onDeleted,
  notify,
}: DetailScreenProps) {
  // Polling and the checks on return to the page are the query's own (api.ts); the live stream
  // refreshes it at once on a change, and the minute poll stands in while the stream is down.
  const live = useLiveOpen()
  const query = useQuery(intentQueries.detail(submerchantId, intentId, live))
  const intent = query.data
  return (
    <>
      <PageHeader
        title="Payment link"
        description={
          intent
            ? `${formatMoney(intent.amount, intent.currency)} · ${intent.reference ?? intent.id}`
            : undefined
        }
        actions={
          <Link to="/payment-links" className="button button--secondary">
            Go back
          </Link>
        }
      />
      <QueryView
        query={query}
        errorTitle="Failed to load intent"
        what="this payment link"
        pendingLabel="Loading the payment link"
      >
        {(intent) => (
          <div className="intent-detail">
            {!intent.statusIsFinal && (
              <CheckedRow
                updatedAt={query.dataUpdatedAt}
                refetch={() => void query.refetch()}
                busy={query.isFetching}
              />
            )}
            {!intent.statusIsFinal && notify}
            {intent.status === 'succeeded' && <CompletedPanel intent={intent} />}
            <div className="intent-detail__grid">
              <Summary intent={intent} />
              <ShareCard intent={intent} />
            </div>
            <IntentActions
              intent={intent}
              submerchantId={submerchantId}
              canModify={canModify}
              onDeleted={onDeleted}
            />
            <Logs logs={intent.logs} />
          </div>
        )}
      </QueryView>
    </>
  )
}

// docs/screens.md#payment-links: the last-checked time and a refresh that refuses a second check within 30 s.
function CheckedRow({
  updatedAt,
  refetch,
  busy,
}: {
  updatedAt: number
  refetch: () => void
  busy: boolean
}) {
  // The check it was refused after; a newer check clears it.
  const [refusedAt, setRefusedAt] = useState<number | null>(null)
  const tooSoon = refusedAt === updatedAt
  function check() {
    if (Date.now() - updatedAt < MIN_CHECK_GAP_MS) {
      setRefusedAt(updatedAt)
      return
    }
    refetch()
  }
  return (
    <div className="intent-detail__checked">
      <p>
        Last checked{' '}
        <time dateTime={new Date(updatedAt).toISOString()}>{formatDateTime(updatedAt)}</time>
      </p>
      <Button variant="secondary" size="small" loading={busy} onClick={check}>
        Refresh
      </Button>
      {tooSoon && (
        <p className="muted" role="status">
          {TOO_SOON}
        </p>
      )}
    </div>
  )
}

function CompletedPanel({ intent }: { intent: Intent }) {
  return (
    <Alert
      tone="success"
      title="Payment completed"
      actions={
        intent.saleId ? (
          <Link
            to="/transactions/sales/$saleId"
            params={{ saleId: intent.saleId }}
            className="button button--secondary button--small"
          >
            View sale
          </Link>
        ) : undefined
      }
    >
      <p>
        {formatMoney(intent.captureAmount ?? intent.amount, intent.currency)} was paid
        {intent.succeededAt ? ` on ${formatDateTime(intent.succeededAt)}` : ''}.
      </p>
    </Alert>
  )
}

function Summary({ intent }: { intent: Intent }) {
  const when = (at: string | null) => (at ? formatDateTime(at) : '–')
  const customer = [intent.customerName, intent.customerPhoneNumber, intent.customerEmailAddress]
    .filter(Boolean)
    .join(' · ')
  return (
    <FactCard title="Summary">
      <Fact label="Amount">
        <strong className="intent-detail__amount">
          {formatMoney(intent.amount, intent.currency)}
        </strong>
      </Fact>
      <Fact label="Status">
        <StatusBadge status={intent.status} />
      </Fact>
      <Fact label="Customer">{customer || '–'}</Fact>
      <Fact label="Reference">{intent.reference ? <RefText value={intent.reference} /> : '–'}</Fact>
      <Fact label="Description">{intent.description ?? '–'}</Fact>
      <Fact label="Capture">{intent.captureMode === 'manual' ? 'Manual' : 'Automatic'}</Fact>
      <Fact label="Created">{when(intent.createdAt)}</Fact>
      {!intent.statusIsFinal && <Fact label="Expires">{when(intent.expiresAt)}</Fact>}
      {intent.succeededAt && <Fact label="Succeeded">{when(intent.succeededAt)}</Fact>}
    </FactCard>
  )
}

function useQrDataUrl(intent: Intent): string | null {
  const [drawn, setDrawn] = useState<string | null>(null)
  const url = intent.clientAccessUrl
  useEffect(() => {
    if (intent.clientAccessQrCode) return
    let live = true
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: 240 }).then((data) => live && setDrawn(data)),
    )
    return () => {
      live = false
    }
  }, [url, intent.clientAccessQrCode])
  return intent.clientAccessQrCode ?? drawn
}

function ShareCard({ intent }: { intent: Intent }) {
  const qr = useQrDataUrl(intent)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  return (
    <section className="card intent-share" aria-labelledby="intent-share">
      <h2 id="intent-share">Link</h2>
      <p className="intent-share__url">
        <a href={intent.clientAccessUrl} target="_blank" rel="noopener noreferrer">
          {intent.clientAccessUrl}
        </a>
      </p>
      <div className="intent-share__buttons">
        <CopyButton value={intent.clientAccessUrl}>Copy link</CopyButton>
        {canShare && (
          <Button
            variant="secondary"
            size="small"
            onClick={() =>
              void navigator
                .share({ title: 'Payment link', url: intent.clientAccessUrl })
                .catch(() => undefined)
            }
          >
            Share
          </Button>
        )}
      </div>
      {qr && (
        <img
          className="intent-share__qr"
          src={qr}
          width={240}
          height={240}
          alt="QR code of the payment link"
        />
      )}
    </section>
  )
}

function Logs({ logs }: { logs: string[] }) {
  return (
    <section className="card" aria-labelledby="intent-logs">
      <h2 id="intent-logs">Logs</h2>
      {logs.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <ol className="intent-logs">
          {logs.map((line, index) => (
            <LogLine key={index} line={line} />
          ))}
        </ol>
      )}
    </section>
  )
}

// A log line may start with a bracketed ISO timestamp: shown as every other time on the page (in the
// portal's format, with the exact instant in its datetime); the rest is text as received.
const STAMPED = /^\[(\d{4}-\d{2}-\d{2}T[^\]]+)\]\s*/

function LogLine({ line }: { line: string }) {
  const stamp = STAMPED.exec(line)
  if (!stamp?.[1] || Number.isNaN(Date.parse(stamp[1]))) return <li>{line}</li>
  return (
    <li>
      <time dateTime={stamp[1]} className="intent-logs__time">
        {formatDateTime(stamp[1])}
      </time>{' '}
      {line.slice(stamp[0].length)}
    </li>
  )
}
