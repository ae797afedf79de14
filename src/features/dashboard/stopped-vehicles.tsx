import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { dashboardQueries, deviceTimeZone, type TerminalName } from '@/features/dashboard/api'
import { stoppedTerminals, terminalLabel } from '@/features/dashboard/insights'
import type { Range } from '@/features/dashboard/period'
import { formatDateTime } from '@/lib/dates'
import { QueryView } from '@/ui/query-view'

interface StoppedVehiclesProps {
  submerchantId: string
  previous: Range
  lastDay: Range
  names: readonly TerminalName[]
}

// Vehicles that took payments in the previous period but none in the last 24 hours of this one.
export function StoppedVehicles({ submerchantId, previous, lastDay, names }: StoppedVehiclesProps) {
  const timezone = deviceTimeZone()
  const before = useQuery(
    dashboardQueries.summary(submerchantId, { range: previous, groupBy: 'terminal', timezone }),
  )
  const recent = useQuery(
    dashboardQueries.summary(submerchantId, { range: lastDay, groupBy: 'terminal', timezone }),
  )
  return (
    <section className="card dashboard-card" aria-labelledby="stopped-title">
      <div className="dashboard-card__header">
        <h2 id="stopped-title">Vehicles that stopped</h2>
      </div>
      <QueryView
        query={recent.data && !before.data ? before : recent}
        errorTitle="Failed to load vehicles"
        what="the vehicles of this period"
        pendingLabel="Loading the vehicles"
      >
        {(lastDaySummary) => {
          if (!before.data) return null
          const stopped = stoppedTerminals(before.data.buckets, lastDaySummary.buckets)
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
                {stopped.map((terminalId) => (
                  <StoppedVehicle
                    key={terminalId}
                    submerchantId={submerchantId}
                    terminalId={terminalId}
                    before={lastDay.lt}
                    label={terminalLabel(terminalId, names)}
                  />
                ))}
              </ul>
            </>
          )
        }}
      </QueryView>
    </section>
  )
}

function StoppedVehicle({
  submerchantId,
  terminalId,
  before,
  label,
}: {
  submerchantId: string
  terminalId: string
  before: string
  label: string
}) {
  const last = useQuery(dashboardQueries.lastSale(submerchantId, terminalId, before))
  return (
    <li className="stopped-list__item">
      <Link to="/terminals/$terminalId" params={{ terminalId }} className="stopped-list__link">
        {label}
      </Link>
      <span className="muted">
        {last.data
          ? `Last sale ${formatDateTime(last.data)}`
          : last.data === null
            ? 'No sales yet'
            : last.isError
              ? 'Last sale not known'
              : 'Finding the last sale…'}
      </span>
    </li>
  )
}
