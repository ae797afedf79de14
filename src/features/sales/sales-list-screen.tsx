import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { salesQueries } from '@/features/sales/api'
import { markFilterChange, useMeasureRowsShown } from '@/features/sales/filter-timing'
import { SalesFilters } from '@/features/sales/sales-filters'
import { SALE_COLUMNS, SaleCard } from '@/features/sales/sale-row'
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
import { useOnline } from '@/offline/use-online'
import { Button } from '@/ui/button'
import { DataAge } from '@/offline/data-age'
import { DataTable, TABLE_MIN_WIDTH_QUERY } from '@/ui/data-table'
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
            columns={SALE_COLUMNS}
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
