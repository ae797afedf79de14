import { useQuery } from '@tanstack/react-query'
import { dashboardQueries } from '@/features/dashboard/api'
import { forecastPayout, PAYOUT_ZONE } from '@/lib/payout-rule'
import { howWorkedOut } from '@/features/dashboard/payout-explanation'
import { Stat } from '@/features/dashboard/stat'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { humanize } from '@/lib/prettify'
import { DataAge } from '@/offline/data-age'
import { QueryView } from '@/ui/query-view'

// The next payout by the payout rule (README "Payouts and their sales"), with the latest one beside it.
export function NextPayout({ submerchantId }: { submerchantId: string }) {
  const payouts = useQuery(dashboardQueries.recentPayouts(submerchantId))
  const [latest, before] = payouts.data ?? []
  const forecast = latest ? forecastPayout(latest.createdAt, before?.createdAt ?? null) : null
  const open = useQuery({
    ...dashboardQueries.summary(submerchantId, {
      range: { gte: forecast?.from ?? '', lt: forecast?.periodEnd ?? '' },
      groupBy: 'day',
      timezone: PAYOUT_ZONE,
      withheld: false,
    }),
    enabled: forecast !== null,
  })
  const net = open.data?.buckets.reduce((sum, bucket) => sum + bucket.netAmount, 0)
  return (
    <section className="card dashboard-card" aria-labelledby="next-payout-title">
      <div className="dashboard-card__header">
        <h2 id="next-payout-title">Next payout</h2>
        <DataAge updatedAt={open.dataUpdatedAt || payouts.dataUpdatedAt} />
      </div>
      <QueryView
        query={payouts}
        errorTitle="Failed to load payout"
        what="the payouts"
        pendingLabel="Loading the payouts"
      >
        {() =>
          !latest || !forecast ? (
            <p className="muted">No payouts yet, so no schedule to forecast from.</p>
          ) : (
            <>
              <dl className="stats">
                <Stat
                  label="Expected amount"
                  value={net === undefined ? '…' : formatMoney(net, latest.currency)}
                />
                <Stat label="Expected on" value={formatDateTime(forecast.expectedAt)} small />
                <Stat label="Latest payout" value={formatMoney(latest.amount, latest.currency)} />
                <Stat
                  label="Paid"
                  value={`${formatDateTime(latest.createdAt)} · ${humanize(latest.status)}`}
                  small
                />
              </dl>
              <p className="muted">{howWorkedOut(forecast)}</p>
            </>
          )
        }
      </QueryView>
    </section>
  )
}
