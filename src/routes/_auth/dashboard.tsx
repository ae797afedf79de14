import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { dashboardQueries, deviceTimeZone, periodSummaries } from '@/features/dashboard/api'
import { DashboardScreen } from '@/features/dashboard/dashboard-screen'
import { resolvePeriod, type PeriodChoice } from '@/features/dashboard/period'
import { loadQuery } from '@/lib/load-query'
import { optionalFlag, optionalString } from '@/lib/search'

// Plain values only: this half of the route is in the first paint's bundle.
const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'custom',
]

export const Route = createFileRoute('/_auth/dashboard')({
  validateSearch: (
    search: {
      welcome?: unknown
      period?: unknown
      from?: unknown
      to?: unknown
    } & SearchSchemaInput,
  ) => {
    const period =
      typeof search.period === 'string' && PERIODS.includes(search.period)
        ? search.period
        : undefined
    const custom = period === 'custom'
    return {
      welcome: optionalFlag(search.welcome),
      period,
      from: custom ? optionalString(search.from, 10) : undefined,
      to: custom ? optionalString(search.to, 10) : undefined,
    }
  },
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  // The period is read from the checked URL once, here: the loader and the page both take it.
  loaderDeps: ({ search }): PeriodChoice => ({
    period: (search.period ?? 'today') as PeriodChoice['period'],
    from: search.from,
    to: search.to,
  }),
  loader: ({ context, deps }) => {
    const { current } = periodSummaries(resolvePeriod(deps), deviceTimeZone())
    return loadQuery(context.queryClient, dashboardQueries.summary(context.submerchant.id, current))
  },
  component: DashboardPage,
})

function DashboardPage() {
  const search = Route.useSearch()
  const choice = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const { submerchant, submerchantRole } = Route.useRouteContext()
  return (
    <DashboardScreen
      account={submerchant}
      role={submerchantRole}
      welcome={search.welcome}
      choice={choice}
      onChoiceChange={(choice) =>
        void navigate({
          search: (prev) => ({
            ...prev,
            period: choice.period === 'today' ? undefined : choice.period,
            from: choice.from,
            to: choice.to,
          }),
          replace: true,
        })
      }
    />
  )
}
