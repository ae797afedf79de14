import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { Alert } from '@/ui/alert'
import { buttonClassName } from '@/ui/button'
import { Fact, FactList } from '@/ui/facts'
import { PageHeader } from '@/ui/page-layout'
import { Spinner } from '@/ui/spinner'
import { proofAge } from './proof-age'
import type { ProofPayload } from './proof-token'
import { receiptKeyQueries } from './receipt-keys'
import {
  checkSignature,
  NOT_GENUINE_MESSAGES,
  settledSignature,
  verdictOf,
  type SignatureCheck,
  type Verdict,
} from './verify-proof'
import './payment-proof.css'

export const VERDICT_TITLES = {
  genuine: 'Genuine payment',
  'other-account': 'Paid to another account',
  'not-genuine': 'Not genuine',
} as const

export const KEYS_MISSING =
  'This device has not saved the keys that check payments yet. Connect to the internet once, then check again.'

// What the API says happened to the sale since (online only; the proof itself never changes).
export interface LaterEvent {
  kind: 'refunded' | 'refund-pending'
  amount: number
  currency: string
  at: string
}

interface ProofVerdictScreenProps {
  token: string
  isMember: (accountId: string) => boolean
  later?: readonly LaterEvent[]
}

function useVerdict(token: string, isMember: (accountId: string) => boolean) {
  const keys = useQuery(receiptKeyQueries.all())
  const [checked, setChecked] = useState<{ token: string; value: SignatureCheck } | null>(null)
  // A check the check screen started as the code was read is shown at the first render.
  const early = keys.data ? settledSignature(token, keys.data) : undefined
  useEffect(() => {
    if (!keys.data || early) return
    let live = true
    void checkSignature(token, keys.data).then((value) => {
      if (live) setChecked({ token, value })
    })
    return () => {
      live = false
    }
  }, [token, keys.data, early])
  const check = early ?? (checked?.token === token ? checked.value : undefined)
  const verdict: Verdict | undefined = check ? verdictOf(check, isMember) : undefined
  if (verdict) return { status: 'done' as const, verdict }
  if (!keys.data && keys.isError) return { status: 'no-keys' as const }
  return { status: 'checking' as const }
}

// The verdict on one proof (docs/screens.md#check-a-payment), checked on this device.
export function ProofVerdictScreen({ token, isMember, later = [] }: ProofVerdictScreenProps) {
  const result = useVerdict(token, isMember)
  return (
    <div className="proof-verdict">
      <PageHeader title="Check a payment" />
      {result.status === 'checking' && (
        <p className="proof-verdict__checking" role="status">
          <Spinner /> Checking the proof…
        </p>
      )}
      {result.status === 'no-keys' && <Alert tone="warning">{KEYS_MISSING}</Alert>}
      {result.status === 'done' && <VerdictCard verdict={result.verdict} later={later} />}
      <p>
        <Link to="/check-payment" className={buttonClassName({ variant: 'secondary' })}>
          Check another payment
        </Link>
      </p>
    </div>
  )
}

const MARKS = { genuine: '✓', 'other-account': '!', 'not-genuine': '✕' } as const

function VerdictCard({ verdict, later }: { verdict: Verdict; later: readonly LaterEvent[] }) {
  const heading = useId()
  return (
    <section
      className={`card proof-verdict__card proof-verdict__card--${verdict.kind}`}
      aria-labelledby={heading}
      role="status"
    >
      <header className="proof-verdict__head">
        <span className="proof-verdict__mark" aria-hidden="true">
          {MARKS[verdict.kind]}
        </span>
        <h2 id={heading}>{VERDICT_TITLES[verdict.kind]}</h2>
      </header>
      {verdict.kind === 'not-genuine' && <p>{NOT_GENUINE_MESSAGES[verdict.reason]}</p>}
      {verdict.kind === 'other-account' && (
        <p>
          The proof is real, but the money went to {verdict.payload.name}, an account you are not a
          member of.
        </p>
      )}
      {verdict.kind !== 'not-genuine' && <PaymentFacts payload={verdict.payload} />}
      {verdict.kind === 'genuine' &&
        later.map((event) => (
          <Alert key={`${event.kind}-${event.at}`} tone="warning">
            {event.kind === 'refunded' ? 'Refunded on' : 'Refund asked for on'}{' '}
            {formatDateTime(event.at)} ({formatMoney(event.amount, event.currency)})
          </Alert>
        ))}
    </section>
  )
}

function PaymentFacts({ payload }: { payload: ProofPayload }) {
  return (
    <>
      <p className="proof-verdict__amount">{formatMoney(payload.amt, payload.cur)}</p>
      <FactList>
        <Fact label="Paid to">{payload.name}</Fact>
        <Fact label="Time">
          <time dateTime={payload.at}>{formatDateTime(payload.at)}</time>
          <span className="proof-verdict__age"> · {proofAge(payload.at)}</span>
        </Fact>
        <Fact label="Card">•••• {payload.last4}</Fact>
        <Fact label="Vehicle">{payload.term ?? 'No terminal (paid online)'}</Fact>
      </FactList>
    </>
  )
}
