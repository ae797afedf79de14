import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouter, type LinkProps } from '@tanstack/react-router'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import { APP_NAME } from '@/config/app'
import { dashboardQueries, MAX_DASHBOARD_SALES, type WeekSales } from '@/features/dashboard/api'
import { summariseSales, weekBounds, type PeriodFigures } from '@/features/dashboard/summary'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize } from '@/lib/prettify'
import { accessFor, type Access } from '@/policy/access'
import { Alert } from '@/ui/alert'
import { DataAge } from '@/offline/data-age'
import { buttonClassName } from '@/ui/button'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import './dashboard.css'

interface QuickAction {
  id: string
  label: string
  path: string
  allowed: (access: Access) => boolean
}

// Policy decides who may; the router decides whether the page exists yet (later issues add them).
const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    id: 'new-payment-link',
    label: 'New payment link',
    path: '/payment-links/create',
    allowed: (access) => access.links.paymentLinks && access.canCreatePaymentLinks,
  },
  {
    id: 'scan-to-pay',
    label: 'Scan to Pay',
    path: '/scan-to-pay',
    allowed: (access) => access.links.scanToPay,
  },
  {
    id: 'sales',
    label: 'Sales',
    path: '/transactions/sales',
    allowed: (access) => access.links.transactions,
  },
]

interface DashboardScreenProps {
  account: Submerchant
  role: Role
  welcome?: boolean
}

export function DashboardScreen({ account, role, welcome = false }: DashboardScreenProps) {
  const access = accessFor({ role, account })
  return (
    <>
      {/* The account name is in the top bar (docs/screens.md#the-shell); repeating it here would say it twice. */}
      <PageHeader title="Dashboard" />
      {welcome && (
        <Alert tone="success" title={`Welcome to ${APP_NAME}`}>
          Your account is ready.
        </Alert>
      )}
      <QuickActions access={access} />
      <AtAGlance submerchantId={account.id} />
      {access.canViewPayouts && <LatestPayout submerchantId={account.id} />}
    </>
  )
}

function QuickActions({ access }: { access: Access }) {
  const router = useRouter()
  const actions = QUICK_ACTIONS.filter(
    (action) => action.allowed(access) && action.path in router.routesByPath,
  )
  if (actions.length === 0) return null
  return (
    <nav className="quick-actions" aria-label="Quick actions">
      <ul>
        {actions.map((action) => (
          <li key={action.id}>
            <Link
              to={action.path as LinkProps['to']}
              className={buttonClassName({ variant: 'secondary' })}
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Stat({ label, value, small }: { label: string; value: ReactNode; small?: boolean }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className={small ? 'stat__value stat__value--small' : 'stat__value'}>{value}</dd>
    </div>
  )
}

function Period({
  title,
  figures,
  currency,
}: {
  title: string
  figures: PeriodFigures
  currency: string
}) {
  return (
    <section className="dashboard-period" aria-label={title}>
      <h3>{title}</h3>
      <dl className="stats">
        <Stat label="Takings" value={formatMoney(figures.takings, currency)} />
        <Stat label="Sales" value={figures.sales.toLocaleString('en-GB')} />
        <Stat label="Tips" value={formatMoney(figures.tips, currency)} />
        <Stat
          label="Average fare"
          value={figures.averageFare === null ? '–' : formatMoney(figures.averageFare, currency)}
        />
      </dl>
    </section>
  )
}

function AtAGlance({ submerchantId }: { submerchantId: string }) {
  const bounds = weekBounds()
  const query = useQuery(dashboardQueries.weekSales(submerchantId, bounds))
  return (
    <section className="card dashboard-card" aria-labelledby="glance-title">
      <div className="dashboard-card__header">
        <h2 id="glance-title">Today at a glance</h2>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <QueryView
        query={query}
        errorTitle="Failed to load sales"
        what="today's figures"
        pendingLabel="Loading today's figures"
      >
        {(data) => <Glance data={data} todayStart={bounds.todayStart} />}
      </QueryView>
    </section>
  )
}

function Glance({ data, todayStart }: { data: WeekSales; todayStart: string }) {
  const summary = summariseSales(data.sales, todayStart)
  return (
    <>
      <div className="dashboard-periods">
        <Period title="Today" figures={summary.today} currency={summary.currency} />
        <Period title="Last 7 days" figures={summary.week} currency={summary.currency} />
      </div>
      <div className="latest-sale">
        <h3>Latest sale</h3>
        {summary.latest ? (
          <p>
            <strong>{formatMoney(summary.latest.amount, summary.latest.currency)}</strong>{' '}
            <span className="muted">{formatDateTime(summary.latest.capturedAt)}</span>{' '}
            <Link to="/transactions/sales" className="latest-sale__link">
              View sales
            </Link>
          </p>
        ) : (
          <p className="muted">No sales in the last 7 days.</p>
        )}
      </div>
      {!data.complete && (
        <p className="muted">
          Figures cover the newest{' '}
          {Math.min(data.sales.length, MAX_DASHBOARD_SALES).toLocaleString('en-GB')} of about{' '}
          {data.total.toLocaleString('en-GB')} sales.
        </p>
      )}
      {summary.otherCurrencySales > 0 && (
        <p className="muted">
          {summary.otherCurrencySales} sales in other currencies are not included.
        </p>
      )}
    </>
  )
}

function LatestPayout({ submerchantId }: { submerchantId: string }) {
  const query = useQuery(dashboardQueries.latestPayout(submerchantId))
  return (
    <section className="card dashboard-card" aria-labelledby="payout-title">
      <div className="dashboard-card__header">
        <h2 id="payout-title">Latest payout</h2>
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <QueryView
        query={query}
        errorTitle="Failed to load payout"
        what="the latest payout"
        pendingLabel="Loading the latest payout"
      >
        {(payout) =>
          payout === null ? (
            <p className="muted">No payouts yet.</p>
          ) : (
            <dl className="stats">
              <Stat label="Amount" value={formatMoney(payout.amount, payout.currency)} />
              <Stat label="Status" value={humanize(payout.status)} />
              <Stat label="Date" value={formatDateTime(payout.createdAt)} small />
              <Stat label="Reference" value={payout.paymentReference} small />
            </dl>
          )
        }
      </QueryView>
    </section>
  )
}
