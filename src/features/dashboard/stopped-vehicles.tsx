import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { SalesSummary } from '@/api/schema/sales-summary'
import { dashboardQueries, deviceTimeZone, type TerminalName } from '@/features/dashboard/api'
import { stoppedVehicles, terminalLabel } from '@/features/dashboard/insights'
import type { Range } from '@/features/dashboard/period'
import { formatDateTime } from '@/lib/dates'
import { QueryView } from '@/ui/query-view'

interface StoppedVehiclesProps {
  submerchantId: string
  // This period's takings by vehicle (the chart's).
  current: UseQueryResult<SalesSummary>
  // The whole previous period, up to this one's start.
  previous: Range
  lastDay: Range
  names: readonly TerminalName[]
}

// Vehicles that took payments in the previous period but none in the last 24 hours of this one.
export function StoppedVehicles({
  submerchantId,
  current,
  previous,
  lastDay,
  names,
}: StoppedVehiclesProps) {
  const before = useQuery({
    ...dashboardQueries.summary(submerchantId, {
      range: previous,
      groupBy: 'terminal',
      timezone: deviceTimeZone(),
    }),
    // Asked once this period's vehicles are here (this list needs both), so that the charts'
    // requests go first: the sandbox on PGlite answers one query at a time.
    enabled: current.data !== undefined,
  })
  return (
    <section className="card dashboard-card" aria-labelledby="stopped-title">
      <div className="dashboard-card__header">
        <h2 id="stopped-title">Vehicles that stopped</h2>
      </div>
      <QueryView
        query={current.data && !before.data ? before : current}
        errorTitle="Failed to load vehicles"
        what="the vehicles of this period"
        pendingLabel="Loading the vehicles"
      >
        {(now) => {
          if (!before.data) return null
          const stopped = stoppedVehicles(before.data.buckets, now.buckets, lastDay.gte)
          if (stopped.length === 0) {
            return (
              <p className="muted">
                Every vehicle that took payments before took some in the last 24 hours.
              </p>
            )
          }
          return (
            <>
              <p className="muted">
                Took payments in the previous period, none in the last 24 hours.
              </p>
              <ul className="stopped-list">
                {stopped.map(({ terminalId, lastSale }) => (
                  <li key={terminalId} className="stopped-list__item">
                    <Link
                      to="/terminals/$terminalId"
                      params={{ terminalId }}
                      className="stopped-list__link"
                    >
                      {terminalLabel(terminalId, names)}
                    </Link>
                    <span className="muted">Last sale {formatDateTime(lastSale)}</span>
                  </li>
                ))}
              </ul>
            </>
          )
        }}
      </QueryView>
    </section>
  )
}
