import type { ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useCanGoBack, useRouter, type LinkProps } from '@tanstack/react-router'
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
import { Button } from '@/ui/button'
import { DataAge } from '@/offline/data-age'
import { PageHeader } from '@/ui/page-layout'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { QueryView } from '@/ui/query-view'
import './sale-detail.css'

const SALES_LIST_PATH = '/transactions/sales'
// Later issues add these pages; until then the ids are shown as text.
const TERMINAL_PATH = '/terminals/$terminalId'
const PAYMENT_LINK_PATH = '/payment-links/$intentId'

interface SaleDetailScreenProps {
  submerchantId: string
  saleId: string
  // Receipt actions and refunds, composed by the route (features do not import each other).
  children?: (sale: Sale, refreshSale: () => Promise<void>) => ReactNode
}

export function SaleDetailScreen({ submerchantId, saleId, children }: SaleDetailScreenProps) {
  const query = useQuery(salesQueries.detail(submerchantId, saleId))
  const queryClient = useQueryClient()
  const sale = query.data
  const refreshSale = () =>
    queryClient.invalidateQueries({
      queryKey: salesQueries.detail(submerchantId, saleId).queryKey,
    })
  return (
    <>
      <PageHeader
        title="Sale details"
        description={sale ? formatDateTime(sale.capturedAt) : undefined}
        actions={<GoBack />}
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
            {children?.(sale, refreshSale)}
          </div>
        )}
      </QueryView>
    </>
  )
}

// Back to the list as it was left (its filters live in the URL), else the unfiltered list.
function GoBack() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return (
    <Button
      variant="secondary"
      onClick={() =>
        canGoBack ? router.history.back() : void router.navigate({ to: SALES_LIST_PATH })
      }
    >
      Go back
    </Button>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sale-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function FactCard({
  title,
  children,
  footer,
}: {
  title: string
  children: ReactNode
  footer?: ReactNode
}) {
  const id = `sale-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section className="card sale-detail__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="sale-facts">{children}</dl>
      {footer}
    </section>
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
  const fees = useQuery({
    ...salesQueries.balanceTransaction(submerchantId, btxId ?? ''),
    enabled: btxId !== null,
  })
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
  const router = useRouter()
  const none = <span className="muted">None</span>
  const hasTerminalPage = TERMINAL_PATH in router.routesByPath
  const hasPaymentLinkPage = PAYMENT_LINK_PATH in router.routesByPath
  const serial = sale.terminalSerialNumber ?? sale.terminalId
  // The params casts stand until those routes exist in the generated route tree.
  return (
    <FactCard title="Links">
      <Fact label="Terminal">
        {sale.terminalId && hasTerminalPage ? (
          <Link
            to={TERMINAL_PATH as LinkProps['to']}
            params={{ terminalId: sale.terminalId } as never}
          >
            {serial}
          </Link>
        ) : (
          (serial ?? none)
        )}
      </Fact>
      <Fact label="Payment link">
        {sale.intentId && hasPaymentLinkPage ? (
          <Link
            to={PAYMENT_LINK_PATH as LinkProps['to']}
            params={{ intentId: sale.intentId } as never}
            className="sale-detail__mono"
          >
            {sale.intentId}
          </Link>
        ) : sale.intentId ? (
          <span className="sale-detail__mono">{sale.intentId}</span>
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
