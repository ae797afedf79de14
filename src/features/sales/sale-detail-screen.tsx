import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Sale } from '@/api/schema/sales'
import { SUPPORT_LINKS } from '@/config/links'
import { salesQueries } from '@/features/sales/api'
import {
  cardDetails,
  issuingCountry,
  payoutStatus,
  settlementStatus,
} from '@/features/sales/sale-facts'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize, prettify } from '@/lib/prettify'
import { Alert } from '@/ui/alert'
import { Fact, FactCard } from '@/ui/facts'
import { GoBack } from '@/ui/go-back'
import { DataAge } from '@/offline/data-age'
import { PageHeader } from '@/ui/page-layout'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { QueryView } from '@/ui/query-view'
import './sale-detail.css'

const SALES_LIST_PATH = '/transactions/sales'
const TERMINAL_PATH = '/terminals/$terminalId'
const PAYMENT_LINK_PATH = '/payment-links/$intentId'

interface SaleDetailScreenProps {
  submerchantId: string
  saleId: string
  // Receipt actions and refunds, composed by the route (features do not import each other).
  children?: (sale: Sale) => ReactNode
}

export function SaleDetailScreen({ submerchantId, saleId, children }: SaleDetailScreenProps) {
  const query = useQuery(salesQueries.detail(submerchantId, saleId))
  const sale = query.data
  return (
    <>
      <PageHeader
        title="Sale details"
        description={sale ? formatDateTime(sale.capturedAt) : undefined}
        actions={<GoBack fallback={SALES_LIST_PATH} />}
      />
      <QueryView
        query={query}
        errorTitle="Failed to load sale"
        what="this sale"
        pendingLabel="Loading the sale"
      >
        {(sale) => (
          <div className="sale-detail">
            <DataAge updatedAt={query.dataUpdatedAt} className="sale-detail__age" />
            {sale.disbursementWithheld && <WithheldAlert sale={sale} />}
            <div className="sale-detail__grid">
              <MoneyCard sale={sale} submerchantId={submerchantId} />
              <CardCard sale={sale} />
              <StatusCard sale={sale} />
              <LinksCard sale={sale} />
            </div>
            {children?.(sale)}
          </div>
        )}
      </QueryView>
    </>
  )
}

function WithheldAlert({ sale }: { sale: Sale }) {
  return (
    <Alert
      tone="warning"
      title="Sale Withheld"
      actions={
        sale.disbursementWithheldUrl ? (
          <a
            className="button button--secondary button--small"
            href={sale.disbursementWithheldUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Resolve
          </a>
        ) : undefined
      }
    >
      {sale.disbursementWithheldReason && (
        <p>
          <strong>{humanize(sale.disbursementWithheldReason)}</strong>
        </p>
      )}
      {sale.disbursementWithheldMessage && <p>{sale.disbursementWithheldMessage}</p>}
      {!sale.disbursementWithheldUrl && (
        <p>
          To release this payout,{' '}
          <a href={SUPPORT_LINKS.contact} target="_blank" rel="noopener noreferrer">
            contact support
          </a>
          .
        </p>
      )}
    </Alert>
  )
}

function MoneyCard({ sale, submerchantId }: { sale: Sale; submerchantId: string }) {
  const btxId = sale.balanceTransactionId
  const fees = useQuery(salesQueries.balanceTransaction(submerchantId, btxId))
  const money = (minor: number) => formatMoney(minor, sale.currency)
  const notYet = <span className="muted">Not available yet</span>
  // Offline with no saved fee: say when it comes rather than loading forever.
  const waiting = fees.fetchStatus === 'paused' ? 'Loads when you are online' : 'Loading…'
  const pending = fees.isPending ? <span className="muted">{waiting}</span> : notYet
  return (
    <FactCard
      title="Money"
      footer={
        btxId === null ? (
          <p className="muted">
            The fee is not available yet: it is set once the sale is processed.
          </p>
        ) : (
          <QueryErrorAlert title="Failed to load the fee" query={fees} />
        )
      }
    >
      <Fact label="Transaction amount">
        <strong className="sale-detail__amount">{money(sale.amount)}</strong>
      </Fact>
      {sale.gratuityAmount > 0 && (
        <>
          <Fact label="Fare">{money(sale.saleAmount)}</Fact>
          <Fact label="Tip">{money(sale.gratuityAmount)}</Fact>
        </>
      )}
      <Fact label="Processing fee">
        {btxId === null ? notYet : fees.data ? money(fees.data.feeAmount) : pending}
      </Fact>
      <Fact label="Net amount">
        {btxId === null ? notYet : fees.data ? money(fees.data.netAmount) : pending}
      </Fact>
    </FactCard>
  )
}

function CardCard({ sale }: { sale: Sale }) {
  const details = cardDetails(sale)
  return (
    <FactCard title="Card">
      <Fact label="Card last four">
        <span className="sale-detail__mono">•••• {sale.panLastFour}</span>
      </Fact>
      <Fact label="Auth code">
        <span className="sale-detail__mono">{sale.authCode}</span>
      </Fact>
      <Fact label="Card scheme">{prettify(sale.cardScheme)}</Fact>
      <Fact label="Commercial or consumer">{details.use}</Fact>
      <Fact label="Card type">{details.type}</Fact>
      <Fact label="Prepaid">{details.prepaid}</Fact>
      <Fact label="Issuing country">{issuingCountry(sale)}</Fact>
      <Fact label="Method">{prettify(sale.method)}</Fact>
    </FactCard>
  )
}

function StatusCard({ sale }: { sale: Sale }) {
  return (
    <FactCard title="Dates and status">
      <Fact label="Transaction date">{formatDateTime(sale.capturedAt)}</Fact>
      <Fact label="RRN">
        <span className="sale-detail__mono">{sale.retrievalReferenceNumber}</span>
      </Fact>
      <Fact label="Settlement status">{settlementStatus(sale)}</Fact>
      <Fact label="Payout status">{payoutStatus(sale)}</Fact>
    </FactCard>
  )
}

function LinksCard({ sale }: { sale: Sale }) {
  const none = <span className="muted">None</span>
  const serial = sale.terminalSerialNumber ?? sale.terminalId
  return (
    <FactCard title="Links">
      <Fact label="Terminal">
        {sale.terminalId ? (
          <Link to={TERMINAL_PATH} params={{ terminalId: sale.terminalId }}>
            {serial}
          </Link>
        ) : (
          (serial ?? none)
        )}
      </Fact>
      <Fact label="Payment link">
        {sale.intentId ? (
          <Link
            to={PAYMENT_LINK_PATH}
            params={{ intentId: sale.intentId }}
            className="sale-detail__mono"
          >
            {sale.intentId}
          </Link>
        ) : (
          none
        )}
      </Fact>
      <Fact label="External reference">{sale.externalReference ?? none}</Fact>
      <Fact label="Sale ID">
        <span className="sale-detail__mono">{sale.id}</span>
      </Fact>
    </FactCard>
  )
}
