import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Sale } from '@/api/schema/sales'
import { salesQueries } from '@/features/sales/api'
import { markFilterChange, useMeasureRowsShown } from '@/features/sales/filter-timing'
import { SalesFilters } from '@/features/sales/sales-filters'
import { SavedViews } from '@/features/sales/sales-saved-views'
import {
  parseSort,
  sortToSearch,
  DEFAULT_SORT,
  type SalesSearch,
} from '@/features/sales/search-params'
import {
  describeFilters,
  hasFilters,
  sameSearch,
  toListParams,
  withChange,
} from '@/features/sales/search'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { useOnline } from '@/offline/use-online'
import { Button } from '@/ui/button'
import { DataAge } from '@/ui/data-age'
import { DataTable, TABLE_MIN_WIDTH_QUERY, type Column } from '@/ui/data-table'
import { FilterChips } from '@/ui/filter-chips'
import { OfflineState } from '@/ui/offline-state'
import { PageHeader } from '@/ui/page-layout'
import { Pagination } from '@/ui/pagination'
import { QueryErrorAlert } from '@/ui/query-error-alert'
import { Spinner } from '@/ui/spinner'
import { useMediaQuery } from '@/ui/use-media-query'
import './sales.css'

interface SalesListScreenProps {
  submerchantId: string
  // Saved views are kept per user; without a known user they are not offered.
  userId: string | null
  search: SalesSearch
  onSearchChange: (search: SalesSearch) => void
}

const SALE_ROUTE = '/transactions/sales/$saleId'

function panText(sale: Sale): string {
  return `•••• ${sale.panLastFour}`
}

const COLUMNS: readonly Column<Sale>[] = [
  {
    id: 'amount',
    header: 'Total',
    cell: (sale) => formatMoney(sale.amount, sale.currency),
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  {
    id: 'saleAmount',
    header: 'Fare',
    cell: (sale) => formatMoney(sale.saleAmount, sale.currency),
    sortField: 'saleAmount',
    firstDirection: 'desc',
    align: 'end',
  },
  {
    id: 'gratuityAmount',
    header: 'Tip',
    cell: (sale) => formatMoney(sale.gratuityAmount, sale.currency),
    sortField: 'gratuityAmount',
    firstDirection: 'desc',
    align: 'end',
  },
  { id: 'method', header: 'Method', cell: (sale) => prettify(sale.method), sortField: 'method' },
  {
    id: 'cardScheme',
    header: 'Card scheme',
    cell: (sale) => prettify(sale.cardScheme),
    sortField: 'cardScheme',
  },
  {
    id: 'terminalSerialNumber',
    header: 'Terminal',
    cell: (sale) => sale.terminalSerialNumber ?? '–',
    sortField: 'terminalSerialNumber',
  },
  {
    id: 'cardType',
    header: 'Card type',
    cell: (sale) => prettify(sale.cardType),
    sortField: 'cardType',
  },
  {
    id: 'panLastFour',
    header: 'PAN last four',
    cell: (sale) => <span className="sales-pan">{panText(sale)}</span>,
    sortField: 'panLastFour',
  },
  {
    id: 'capturedAt',
    header: 'Captured at',
    cell: (sale) => <span className="sales-time">{formatDateTime(sale.capturedAt)}</span>,
    sortField: 'capturedAt',
    firstDirection: 'desc',
  },
  {
    id: 'details',
    header: 'Details',
    cell: (sale) => (
      <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sales-details-link">
        Details
        <span className="visually-hidden">
          {` of the ${formatMoney(sale.amount, sale.currency)} sale at ${formatDateTime(sale.capturedAt)}`}
        </span>
      </Link>
    ),
  },
]

// §2 on phones: amount, time, scheme with last four and method, the whole card opening the sale.
function SaleCard({ sale }: { sale: Sale }) {
  return (
    <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sale-card">
      <span className="sale-card__amount">{formatMoney(sale.amount, sale.currency)}</span>
      <span className="sale-card__time">{formatDateTime(sale.capturedAt)}</span>
      <span className="sale-card__card">
        {prettify(sale.cardScheme)} <span className="sales-pan">{panText(sale)}</span>
      </span>
      <span className="sale-card__method">{prettify(sale.method)}</span>
    </Link>
  )
}

export function SalesListScreen({
  submerchantId,
  userId,
  search,
  onSearchChange,
}: SalesListScreenProps) {
  const params = toListParams(search)
  const query = useQuery(salesQueries.list(submerchantId, params))
  const online = useOnline()
  const wide = useMediaQuery(TABLE_MIN_WIDTH_QUERY)
  useMeasureRowsShown(query.isSuccess && !query.isPlaceholderData, query.dataUpdatedAt)

  function go(next: SalesSearch) {
    if (sameSearch(next, search)) return
    markFilterChange()
    onSearchChange(next)
  }
  const change = (patch: Partial<SalesSearch>) => go(withChange(search, patch))

  const active = describeFilters(search)
  const chips = active.map((filter) => ({
    id: filter.id,
    label: filter.label,
    value: filter.value,
    onRemove: () => change(filter.remove),
  }))
  const filtering = hasFilters(search)

  return (
    <>
      <PageHeader
        title="Sales"
        actions={
          <Button
            variant="secondary"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <div className="sales-controls">
        <Panel title="Filters" wide={wide} badge={chips.length || undefined}>
          <SalesFilters search={search} onChange={change} />
        </Panel>
        {userId && (
          <Panel title="Saved views" wide={wide}>
            <SavedViews
              key={`${userId}:${submerchantId}`}
              userId={userId}
              submerchantId={submerchantId}
              search={search}
              onApply={(view) => go(view)}
            />
          </Panel>
        )}
      </div>
      <FilterChips
        chips={chips}
        onClearAll={() => change(Object.assign({}, ...active.map((filter) => filter.remove)))}
      />
      <div className="sales-status">
        <DataAge updatedAt={query.dataUpdatedAt} />
      </div>
      <OfflineState what="this list of sales" query={query} online={online} />
      {!online && query.isPlaceholderData && (
        <p className="muted" role="status">
          You are offline. The sales for these filters load when you are back online; the list below
          is the one shown before.
        </p>
      )}
      <QueryErrorAlert title="Failed to load sales" query={query} />
      {query.isPending && online && <Spinner label="Loading sales" size="large" />}
      {query.data && (
        <section className="sales-results" aria-label="Sales">
          <DataTable
            caption="Sales"
            columns={COLUMNS}
            rows={query.data.items}
            rowKey={(sale) => sale.id}
            sort={parseSort(search.sort) ?? DEFAULT_SORT}
            onSortChange={(sort) => change({ sort: sortToSearch(sort) })}
            busy={query.isPlaceholderData}
            renderCard={(sale) => <SaleCard sale={sale} />}
            empty={filtering ? 'No sales match these filters.' : 'No sales yet.'}
          />
          <Pagination
            page={params.page}
            total={query.data.total}
            totalIsApproximate={query.data.totalIsApproximate}
            onPageChange={(page) => change({ page })}
            label="Sales pages"
          />
        </section>
      )}
    </>
  )
}

// Tablets show the controls open; phones fold them so the list comes first.
function Panel({
  title,
  wide,
  badge,
  children,
}: {
  title: string
  wide: boolean
  badge?: number
  children: ReactNode
}) {
  if (wide) {
    return (
      <section className="sales-panel" aria-label={title}>
        <h2 className="sales-panel__title">{title}</h2>
        {children}
      </section>
    )
  }
  return (
    <details className="sales-panel">
      <summary className="sales-panel__summary">
        {title}
        {badge !== undefined && (
          <span className="sales-panel__badge">
            {badge}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </summary>
      {children}
    </details>
  )
}
