import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Payout } from '@/api/schema/payouts'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize, prettify } from '@/lib/prettify'
import { DataAge } from '@/offline/data-age'
import { Alert } from '@/ui/alert'
import { RefText } from '@/ui/code-text'
import { Fact, FactCard } from '@/ui/facts'
import { GoBack } from '@/ui/go-back'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import { payoutQueries, type PayoutContents } from '@/features/payouts/api'
import { destinationText, scheduleText } from '@/features/payouts/payouts-columns'
import './payouts.css'

const SALE_ROUTE = '/transactions/sales/$saleId' as const

// /payouts/{payoutId} (docs/screens.md#payouts): the payout, where it went, and the sales it paid.
export function PayoutDetailScreen({
  submerchantId,
  payoutId,
}: {
  submerchantId: string
  payoutId: string
}) {
  const query = useQuery(payoutQueries.detail(submerchantId, payoutId))
  return (
    <>
      <PageHeader title="Payout details" actions={<GoBack fallback="/payouts" />} />
      <QueryView
        query={query}
        errorTitle="Failed to load payout"
        what="this payout"
        pendingLabel="Loading the payout"
      >
        {(payout) => (
          <div className="payout-detail">
            <DataAge updatedAt={query.dataUpdatedAt} />
            <div className="payout-detail__grid">
              <FactCard title="Payout">
                <Fact label="Amount">
                  <strong className="payout-detail__amount">
                    {formatMoney(payout.amount, payout.currency)}
                  </strong>{' '}
                  {payout.currency}
                </Fact>
                <Fact label="Date">{formatDateTime(payout.createdAt)}</Fact>
                <Fact label="Payment reference">
                  <RefText value={payout.paymentReference} />
                </Fact>
                <Fact label="Schedule">{scheduleText(payout)}</Fact>
                <Fact label="Destination type">{destinationText(payout)}</Fact>
                <Fact label="Status">{humanize(payout.status)}</Fact>
              </FactCard>
              <Destination submerchantId={submerchantId} payout={payout} />
            </div>
            <PayoutSales submerchantId={submerchantId} payout={payout} />
          </div>
        )}
      </QueryView>
    </>
  )
}

function Destination({ submerchantId, payout }: { submerchantId: string; payout: Payout }) {
  const isBank = payout.destinationType === 'bank_account'
  const bank = useQuery(
    payoutQueries.bankAccount(submerchantId, isBank ? payout.destinationId : null),
  )
  const card = useQuery(
    payoutQueries.payoutCard(submerchantId, isBank ? null : payout.destinationId),
  )
  const none = <span className="muted">None</span>
  if (isBank) {
    return (
      <QueryView
        query={bank}
        errorTitle="Failed to load bank account"
        what="the bank account"
        pendingLabel="Loading the bank account"
      >
        {(account) => (
          <FactCard title="Bank account">
            <Fact label="Nickname">{account.nickname ?? none}</Fact>
            <Fact label="Account name">{account.accountName}</Fact>
            <Fact label="Sort code">{account.sortCode}</Fact>
            <Fact label="Account number">{account.accountNumber}</Fact>
          </FactCard>
        )}
      </QueryView>
    )
  }
  return (
    <QueryView
      query={card}
      errorTitle="Failed to load payout card"
      what="the payout card"
      pendingLabel="Loading the payout card"
    >
      {(c) => (
        <FactCard title="Payout card">
          <Fact label="Nickname">{c.nickname ?? none}</Fact>
          <Fact label="Card scheme">{prettify(c.cardScheme)}</Fact>
          <Fact label="Card last four">•••• {c.panLastFour}</Fact>
        </FactCard>
      )}
    </QueryView>
  )
}

// Beyond what docs/screens.md describes: which fares make up this payout, and whether they add up to it.
function PayoutSales({ submerchantId, payout }: { submerchantId: string; payout: Payout }) {
  const query = useQuery(payoutQueries.contents(submerchantId, payout))
  return (
    <section className="card payout-sales" aria-labelledby="payout-sales-title">
      <h2 id="payout-sales-title">What is in this payout</h2>
      <QueryView
        query={query}
        errorTitle="Failed to load the payout's sales"
        what="the payout's sales"
        pendingLabel="Loading the payout's sales"
      >
        {(contents) => <ContentsTable contents={contents} payout={payout} />}
      </QueryView>
    </section>
  )
}

function ContentsTable({ contents, payout }: { contents: PayoutContents; payout: Payout }) {
  const money = (minor: number) => formatMoney(minor, payout.currency)
  const matches = contents.complete && contents.net === payout.amount
  const paidCount = contents.sales.filter((s) => !s.withheld).length
  return (
    <>
      {matches ? (
        <Alert tone="success" title="The sales add up to this payout">
          <p>
            {paidCount} {paidCount === 1 ? 'sale' : 'sales'}, net {money(contents.net)}, equals the
            payout amount of {money(payout.amount)}.
          </p>
        </Alert>
      ) : (
        <Alert tone="warning" title="The sales do not add up to this payout">
          <p>
            {contents.complete
              ? `The sales found for its period come to ${money(contents.net)} net; the payout is ${money(payout.amount)} (a difference of ${money(payout.amount - contents.net)}).`
              : 'This payout has too many sales to check here.'}
          </p>
        </Alert>
      )}
      <div className="payout-sales__frame" role="group" aria-label="Sales in this payout">
        <table className="payout-sales__table">
          <caption className="visually-hidden">Sales in this payout</caption>
          <thead>
            <tr>
              <th scope="col">Sale</th>
              <th scope="col" className="num">
                Gross
              </th>
              <th scope="col" className="num">
                Fees
              </th>
              <th scope="col" className="num">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {contents.sales.map((s) => (
              <tr key={s.saleId} className={s.withheld ? 'payout-sales__withheld' : undefined}>
                <td>
                  <Link to={SALE_ROUTE} params={{ saleId: s.saleId }}>
                    {formatDateTime(s.capturedAt)}
                  </Link>
                  {s.withheld && <span className="muted"> · withheld, not paid</span>}
                </td>
                <td className="num">{money(s.gross)}</td>
                <td className="num">{money(s.fee)}</td>
                <td className="num">{money(s.net)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total paid</th>
              <td className="num">{money(contents.gross)}</td>
              <td className="num">{money(contents.fee)}</td>
              <td className="num">
                <strong>{money(contents.net)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}
