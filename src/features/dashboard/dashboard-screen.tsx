import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter, type LinkProps } from '@tanstack/react-router'
import { dashboardKeys } from '@/api/query-keys'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import { APP_NAME } from '@/config/app'
import {
  dashboardQueries,
  deviceTimeZone,
  periodSummaries,
  prefetchPeriodSummaries,
} from '@/features/dashboard/api'
import { NextPayout } from '@/features/dashboard/next-payout'
import { resolvePeriod, type PeriodChoice } from '@/features/dashboard/period'
import { PeriodControl } from '@/features/dashboard/period-control'
import { PeriodInsights } from '@/features/dashboard/period-insights'
import { markPeriodChange } from '@/features/dashboard/period-timing'
import { Stat } from '@/features/dashboard/stat'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize } from '@/lib/prettify'
import { accessFor, type Access } from '@/policy/access'
import { Alert } from '@/ui/alert'
import { DataAge } from '@/offline/data-age'
import { useNewSalesSince } from '@/lib/live-status'
import { buttonClassName } from '@/ui/button'
import { NewItemsPill } from '@/ui/new-items-pill'
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
  // docs/screens.md#tax-year: every member reads the tax year; viewers reach it only from here.
  { id: 'tax-year', label: 'Tax year', path: '/tax', allowed: () => true },
]

interface DashboardScreenProps {
  account: Submerchant
  role: Role
  welcome?: boolean
  choice: PeriodChoice
  onChoiceChange: (choice: PeriodChoice) => void
}

export function DashboardScreen({
  account,
  role,
  welcome = false,
  choice,
  onChoiceChange,
}: DashboardScreenProps) {
  const access = accessFor({ role, account })
  const period = resolvePeriod(choice)
  const queryClient = useQueryClient()
  // Sales announced by the live stream since the period's figures were read (the same cached
  // query the figures show): offered as a pill, the figures stay still.
  const figures = useQuery(
    dashboardQueries.summary(account.id, periodSummaries(period, deviceTimeZone()).current),
  )
  const newSales = useNewSalesSince(account.id, figures.dataUpdatedAt)
  return (
    <>
      <NewItemsPill
        count={newSales}
        one="new sale"
        many="new sales"
        onShow={() =>
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.summaries(account.id) })
        }
      />
      {/* The account name is in the top bar (docs/screens.md#the-shell); repeating it here would say it twice. */}
      <PageHeader title="Dashboard" />
      {welcome && (
        <Alert tone="success" title={`Welcome to ${APP_NAME}`}>
          Your account is ready.
        </Alert>
      )}
      <QuickActions access={access} />
      <PeriodControl
        choice={choice}
        onChange={(next) => {
          markPeriodChange()
          prefetchPeriodSummaries(
            queryClient,
            account.id,
            resolvePeriod(next),
            access.canViewTerminals,
          )
          onChoiceChange(next)
        }}
      />
      <PeriodInsights
        submerchantId={account.id}
        period={period}
        canViewTerminals={access.canViewTerminals}
      />
      {access.canViewPayouts && (
        <div className="payout-cards">
          <NextPayout submerchantId={account.id} />
          <LatestPayout submerchantId={account.id} />
        </div>
      )}
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

function LatestPayout({ submerchantId }: { submerchantId: string }) {
  const query = useQuery({
    ...dashboardQueries.recentPayouts(submerchantId),
    select: (payouts) => payouts[0] ?? null,
  })
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
              <Stat label="Reference" value={payout.paymentReference} small wide />
            </dl>
          )
        }
      </QueryView>
    </section>
  )
}
