import { useCallback, useEffect, useRef } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { SalesSummary } from '@/api/schema/sales-summary'
import {
  dashboardQueries,
  deviceTimeZone,
  periodSummaries,
  type SummaryRequest,
} from '@/features/dashboard/api'
import { Figures } from '@/features/dashboard/figures'
import {
  BusyHoursCard,
  MixCard,
  TakingsCard,
  VehiclesCard,
} from '@/features/dashboard/insight-cards'
import { totals } from '@/features/dashboard/insights'
import { lastDayOf, type ResolvedPeriod } from '@/features/dashboard/period'
import { measurePeriodCharts } from '@/features/dashboard/period-timing'
import { StoppedVehicles } from '@/features/dashboard/stopped-vehicles'
import { DataAge } from '@/offline/data-age'
import { QueryView } from '@/ui/query-view'

interface PeriodInsightsProps {
  submerchantId: string
  period: ResolvedPeriod
  canViewTerminals: boolean
}

function useSummary(
  submerchantId: string,
  request: SummaryRequest,
  enabled = true,
): UseQueryResult<SalesSummary> {
  return useQuery({ ...dashboardQueries.summary(submerchantId, request), enabled })
}

export function PeriodInsights({ submerchantId, period, canViewTerminals }: PeriodInsightsProps) {
  // Read once per render: each read builds an Intl.DateTimeFormat, about a millisecond.
  const asked = periodSummaries(period, deviceTimeZone())
  const timeGroup = asked.current.groupBy
  const current = useSummary(submerchantId, asked.current)
  const previous = useSummary(submerchantId, asked.previous)
  const vehicles = useSummary(submerchantId, asked.vehicles, canViewTerminals)
  const schemes = useSummary(submerchantId, asked.schemes)
  const methods = useSummary(submerchantId, asked.methods)
  const names = useQuery({
    ...dashboardQueries.terminalNames(submerchantId),
    enabled: canViewTerminals,
  })

  // The period → charts measure ends when every chart has its data and the line is drawn.
  const drawnFor = useRef<string | null>(null)
  const ready =
    current.data &&
    previous.data &&
    schemes.data &&
    methods.data &&
    (!canViewTerminals || vehicles.data)
  const readyFor = useRef<string | null>(null)
  const onDrawn = useCallback(() => {
    drawnFor.current = period.id
    if (readyFor.current === period.id) measurePeriodCharts()
  }, [period.id])
  useEffect(() => {
    readyFor.current = ready ? period.id : null
    if (ready && drawnFor.current === period.id) measurePeriodCharts()
  })

  const now = totals
  return (
    <>
      <section className="card dashboard-card" aria-labelledby="period-title">
        <div className="dashboard-card__header">
          <h2 id="period-title">{period.label}</h2>
          <DataAge updatedAt={current.dataUpdatedAt} />
        </div>
        <QueryView
          query={current}
          errorTitle="Failed to load sales"
          what={`the figures for ${period.label.toLowerCase()}`}
          pendingLabel="Loading the figures"
        >
          {(data) => (
            <>
              <Figures
                current={now(data)}
                previous={previous.data && now(previous.data)}
                comparedWith={period.comparedWith}
              />
              {period.inProgress && previous.data && (
                <p className="muted">
                  Compared with the same days {period.comparedWith.replace(/^on /, 'of ')}, up to
                  this time of day.
                </p>
              )}
            </>
          )}
        </QueryView>
      </section>
      <div className="insight-charts">
        <TakingsCard
          period={period}
          current={current}
          previous={previous}
          unit={period.unit}
          onDrawn={onDrawn}
        />
        {timeGroup === 'hour' ? <BusyHoursCard query={current} period={period} /> : null}
        {canViewTerminals && (
          <VehiclesCard query={vehicles} names={names.data ?? []} period={period} />
        )}
        <MixCard title="Card schemes" query={schemes} period={period} />
        <MixCard title="Payment methods" query={methods} period={period} />
      </div>
      {canViewTerminals && (
        <StoppedVehicles
          submerchantId={submerchantId}
          current={vehicles}
          previous={{ gte: period.previous.gte, lt: period.current.gte }}
          lastDay={lastDayOf(period)}
          names={names.data ?? []}
        />
      )}
    </>
  )
}
