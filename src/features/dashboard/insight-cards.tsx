import { lazy, Suspense, useMemo } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { SalesSummary } from '@/api/schema/sales-summary'
import type { TerminalName } from '@/features/dashboard/api'
import { BarList, CsvButton } from '@/features/dashboard/bar-list'
import { ChartCard } from '@/features/dashboard/chart-card'
import { HeatGrid, WEEKDAYS } from '@/features/dashboard/heat-grid'
import { heatGrid, takingsSeries, terminalLabel } from '@/features/dashboard/insights'
import type { ResolvedPeriod } from '@/features/dashboard/period'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { QueryView } from '@/ui/query-view'
import { Spinner } from '@/ui/spinner'

const TakingsChart = lazy(() => import('@/features/dashboard/takings-chart'))

type SummaryQuery = UseQueryResult<SalesSummary>

export function TakingsCard({
  period,
  current,
  previous,
  unit,
  onDrawn,
}: {
  period: ResolvedPeriod
  current: SummaryQuery
  previous: SummaryQuery
  unit: 'hour' | 'day'
  onDrawn: () => void
}) {
  const title = unit === 'hour' ? 'Takings by hour' : 'Takings by day'
  // The same arrays while the data stays, so the chart is drawn again only for new numbers.
  const now = useMemo(
    () => (current.data ? takingsSeries(current.data.buckets, unit) : []),
    [current.data, unit],
  )
  const before = useMemo(
    () => (previous.data ? takingsSeries(previous.data.buckets, unit) : []),
    [previous.data, unit],
  )
  if (!current.data) return <ChartSlot title={title} query={current} />
  return (
    <ChartCard
      wide
      title={title}
      note={`Solid: ${period.label.toLowerCase()}. Dashed: the ${period.days === 1 ? 'day' : `${period.days} days`} before.`}
      columns={[
        { label: unit === 'hour' ? 'Hour' : 'Day' },
        { label: 'Takings', numeric: true },
        { label: 'Sales', numeric: true },
        { label: 'Previous period', numeric: true },
      ]}
      rows={now.map((point, i) => [
        point.label,
        formatMoney(point.amount),
        point.count.toLocaleString('en-GB'),
        before[i] ? formatMoney(before[i].amount) : '–',
      ])}
      actions={
        unit === 'day' && (
          <CsvButton
            name={`takings by day ${period.firstDay} to ${period.lastDay}`}
            rows={[
              ['Day', 'Sales', 'Takings', 'Previous period'],
              ...now.map((p, i) => [
                p.key,
                String(p.count),
                (p.amount / 100).toFixed(2),
                before[i] ? (before[i].amount / 100).toFixed(2) : '',
              ]),
            ]}
          />
        )
      }
    >
      <Suspense fallback={<Spinner label="Loading the chart" />}>
        <TakingsChart
          current={now}
          previous={before}
          currency="GBP"
          onDrawn={onDrawn}
          drawnFor={previous.data ? period.id : undefined}
        />
      </Suspense>
    </ChartCard>
  )
}

export function BusyHoursCard({ query, period }: { query: SummaryQuery; period: ResolvedPeriod }) {
  if (!query.data) return <ChartSlot title="Busy hours" query={query} />
  const grid = heatGrid(query.data.buckets)
  const empty = grid.every((row) => row.every((cell) => cell === 0))
  return (
    <ChartCard
      title="Busy hours"
      note="Takings by weekday and hour; the stronger the colour, the busier."
      drawnFor={period.id}
      empty={empty ? 'No sales in this period.' : undefined}
      columns={[
        { label: 'Weekday' },
        ...Array.from({ length: 24 }, (_, h) => ({
          label: `${String(h).padStart(2, '0')}:00`,
          numeric: true,
        })),
      ]}
      rows={grid.map((row, day) => [
        WEEKDAYS[day] ?? '',
        ...row.map((amount) => (amount ? formatMoney(amount) : '–')),
      ])}
    >
      <HeatGrid grid={grid} />
    </ChartCard>
  )
}

export function VehiclesCard({
  query,
  names,
  period,
}: {
  query: SummaryQuery
  names: readonly TerminalName[]
  period: ResolvedPeriod
}) {
  if (!query.data) return <ChartSlot title="Takings by vehicle" query={query} />
  // Sales without a terminal (SoftPOS, online) are no vehicle: listed last, outside the ranking.
  const ranked = [...query.data.buckets].sort((a, b) =>
    a.key === null ? 1 : b.key === null ? -1 : b.amount - a.amount,
  )
  const items = ranked
    .filter((b) => b.key !== null)
    .map((b) => ({
      key: b.key ?? '',
      label: terminalLabel(b.key, names),
      amount: b.amount,
      count: b.count,
    }))
  const unattached = ranked.find((b) => b.key === null)
  return (
    <ChartCard
      title="Takings by vehicle"
      note="Most first; the last took least."
      drawnFor={period.id}
      empty={ranked.length === 0 ? 'No sales in this period.' : undefined}
      columns={[
        { label: 'Vehicle' },
        { label: 'Takings', numeric: true },
        { label: 'Sales', numeric: true },
      ]}
      rows={ranked.map((b) => [
        terminalLabel(b.key, names),
        formatMoney(b.amount),
        b.count.toLocaleString('en-GB'),
      ])}
      actions={
        <CsvButton
          name={`takings by vehicle ${period.firstDay} to ${period.lastDay}`}
          rows={[
            ['Vehicle', 'Terminal ID', 'Sales', 'Takings'],
            ...ranked.map((b) => [
              terminalLabel(b.key, names),
              b.key ?? '',
              String(b.count),
              (b.amount / 100).toFixed(2),
            ]),
          ]}
        />
      }
    >
      <BarList items={items} />
      {unattached && (
        <p className="muted">
          Also {formatMoney(unattached.amount)} from {unattached.count.toLocaleString('en-GB')}{' '}
          SoftPOS and online sales, taken without a vehicle&apos;s terminal.
        </p>
      )}
    </ChartCard>
  )
}

export function MixCard({
  title,
  query,
  period,
}: {
  title: string
  query: SummaryQuery
  period: ResolvedPeriod
}) {
  if (!query.data) return <ChartSlot title={title} query={query} />
  const total = query.data.buckets.reduce((sum, b) => sum + b.amount, 0)
  const items = [...query.data.buckets]
    .sort((a, b) => b.amount - a.amount)
    .map((b) => ({
      key: b.key ?? 'none',
      label: prettify(b.key ?? 'none'),
      amount: b.amount,
      count: b.count,
      share: total ? b.amount / total : 0,
    }))
  return (
    <ChartCard
      title={title}
      empty={items.length === 0 ? 'No sales in this period.' : undefined}
      drawnFor={period.id}
      columns={[
        { label: title.replace(/s$/, '') },
        { label: 'Takings', numeric: true },
        { label: 'Share', numeric: true },
        { label: 'Sales', numeric: true },
      ]}
      rows={items.map((item) => [
        item.label,
        formatMoney(item.amount),
        `${Math.round(item.share * 100)}%`,
        item.count.toLocaleString('en-GB'),
      ])}
    >
      <BarList items={items} showShare />
    </ChartCard>
  )
}

// A chart whose data is still on its way, failed, or waits for a connection.
function ChartSlot({ title, query }: { title: string; query: SummaryQuery }) {
  return (
    <section className="card chart-card" aria-label={title}>
      <h3>{title}</h3>
      <QueryView
        query={query}
        errorTitle="Failed to load sales"
        what={`the ${title.toLowerCase()} of this period`}
        pendingLabel={`Loading ${title.toLowerCase()}`}
      >
        {() => null}
      </QueryView>
    </section>
  )
}
