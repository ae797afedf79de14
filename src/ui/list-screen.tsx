import { useRef, useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ListPage } from '@/api/http'
import {
  clearAllChange,
  hasFilters,
  parseSort,
  sameSearch,
  sortToSearch,
  withChange,
  type ListSearch,
  type ListSpec,
} from '@/lib/list-search'
import { describeFilters } from '@/lib/list-view'
import { Button } from '@/ui/button'
import { DataTable, TABLE_MIN_WIDTH_QUERY, type CardSpec, type Column } from '@/ui/data-table'
import { FilterChips } from '@/ui/filter-chips'
import { FilterPanel } from '@/ui/filter-panel'
import { markFilterChange, useMeasureRowsShown } from '@/ui/list-timing'
import { PageHeader } from '@/ui/page-layout'
import { Pagination } from '@/ui/pagination'
import { QueryView } from '@/ui/query-view'
import { SavedViews } from '@/ui/saved-views'
import { useMediaQuery } from '@/ui/use-media-query'
import './list-screen.css'

interface ListScreenProps<Row> {
  spec: ListSpec
  title: string
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
  query: UseQueryResult<ListPage<Row>>
  columns: readonly Column<Row>[]
  rowKey: (row: Row) => string
  card?: CardSpec<Row>
  // Names a row for its 'More' button when columns fold into it (see DataTable).
  rowLabel?: (row: Row) => string
  // docs/errors.md#loading-a-screen 'Failed to load …'.
  errorTitle: string
  // Saved views are kept per user and account; without a known user they are not offered.
  savedViewsOwner?: { userId: string; submerchantId: string } | null
  // More header buttons beside Refresh (Export …).
  actions?: ReactNode
  // The screen's own styles hang off this (e.g. a sticky Details column).
  className?: string
  // How old the rows are (offline/DataAge), beside the count.
  age?: ReactNode
  // Shown under the header, above the filters (a search box, rows waiting to be sent).
  lead?: ReactNode
  // Shown between the result count and the rows (bulk actions on the selected rows).
  toolbar?: ReactNode
}

// A list's fixed half, declared once beside its columns (docs/list-screens.md): a screen spreads
// it into ListScreen and adds the URL's view, the query and what only it shows.
export type ListView<Row> = Pick<
  ListScreenProps<Row>,
  'spec' | 'title' | 'columns' | 'rowKey' | 'card' | 'rowLabel' | 'errorTitle' | 'className'
>

// '1 sale', '1,234 sales', 'About 12,000 sales' when the server estimates (docs/constants.md#sizes-and-limits, docs/api.md#lists).
export function resultCount(page: ListPage<unknown>, one: string, many: string): string {
  const count = `${page.total.toLocaleString('en-GB')} ${page.total === 1 ? one : many}`
  return page.totalIsApproximate ? `About ${count}` : count
}

/**
 * A server list screen from its declaration: Refresh, the filter panel (a bottom sheet on phones),
 * saved views, removable chips, the result count and data age, the table (cards on phones),
 * sorting and docs/constants.md#sizes-and-limits pagination, with the one loading and error policy (QueryView).
 */
export function ListScreen<Row>({
  spec,
  title,
  search,
  onSearchChange,
  query,
  columns,
  rowKey,
  card,
  rowLabel,
  errorTitle,
  savedViewsOwner,
  actions,
  className,
  age,
  lead,
  toolbar,
}: ListScreenProps<Row>) {
  const wide = useMediaQuery(TABLE_MIN_WIDTH_QUERY)
  const current = query.isSuccess && !query.isPlaceholderData
  useMeasureRowsShown(current, query.dataUpdatedAt)

  // The view the screen last asked for. A navigation's render commits in a transition, so a second
  // change can come before `search` shows the first: it builds on what was asked (clearing the
  // filters and at once choosing one gives that one filter, not it and the cleared ones). A new
  // `search` (the asked one arriving, or Back) takes over.
  const asked = useRef<{ from: ListSearch; next: ListSearch } | null>(null)
  const latest = () => (asked.current?.from === search ? asked.current.next : search)
  function go(next: ListSearch) {
    if (sameSearch(next, latest())) return
    asked.current = { from: search, next }
    markFilterChange()
    onSearchChange(next)
  }
  const change = (patch: Partial<ListSearch>) => go(withChange(spec, latest(), patch))

  const chips = describeFilters(spec, search).map((filter) => ({
    ...filter,
    onRemove: () => change(filter.remove),
  }))
  const page = query.data
  const filtering = hasFilters(search)
  const sort = parseSort(spec, search.sort) ?? spec.defaultSort

  return (
    <div className={['list-screen', className].filter(Boolean).join(' ')}>
      <PageHeader
        title={title}
        actions={
          <>
            <Button
              variant="secondary"
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Refresh
            </Button>
            {actions}
          </>
        }
      />
      {lead}
      <div className="list-controls">
        <Panel
          title="Filters"
          wide={wide}
          badge={chips.length || undefined}
          sheetAction={(close) => (
            <Button className="list-panel__show" onClick={close} loading={!current && !page}>
              {page && current ? `Show ${resultCount(page, 'result', 'results')}` : 'Show results'}
            </Button>
          )}
        >
          <FilterPanel spec={spec} search={search} onChange={change} />
        </Panel>
        {savedViewsOwner && (
          <Panel title="Saved views" wide={wide}>
            <SavedViews
              key={`${savedViewsOwner.userId}:${savedViewsOwner.submerchantId}`}
              spec={spec}
              userId={savedViewsOwner.userId}
              submerchantId={savedViewsOwner.submerchantId}
              search={search}
              onApply={go}
            />
          </Panel>
        )}
      </div>
      <FilterChips chips={chips} onClearAll={() => change(clearAllChange(spec))} />
      <div className="list-status">
        <p className="list-status__count" role="status">
          {page && current ? resultCount(page, spec.nounOne, spec.noun) : ''}
        </p>
        {age}
      </div>
      {toolbar}
      {query.isPlaceholderData && query.fetchStatus === 'paused' && (
        <p className="muted" role="status">
          You are offline. The {spec.noun} for these filters load when you are back online; the list
          below is the one shown before.
        </p>
      )}
      <QueryView
        query={query}
        errorTitle={errorTitle}
        what={`this list of ${spec.noun}`}
        pendingLabel={`Loading ${spec.noun}`}
        spinnerSize="large"
      >
        {(data) => (
          <section className="list-results" aria-label={title}>
            <DataTable
              caption={title}
              columns={columns}
              rows={data.items}
              rowKey={rowKey}
              sort={sort}
              onSortChange={(next) => change({ sort: sortToSearch(spec, next) })}
              busy={query.isPlaceholderData}
              card={card}
              rowLabel={rowLabel}
              empty={filtering ? `No ${spec.noun} match these filters.` : `No ${spec.noun} yet.`}
            />
            <Pagination
              page={search.page ?? 1}
              total={data.total}
              totalIsApproximate={data.totalIsApproximate}
              onPageChange={(next) => change({ page: next })}
              label={`${title} pages`}
            />
          </section>
        )}
      </QueryView>
    </div>
  )
}

// Tablets show the controls open. Phones fold them: filters open as a bottom sheet over the list,
// with a sticky button that shows the results; saved views unfold in place.
function Panel({
  title,
  wide,
  badge,
  sheetAction,
  children,
}: {
  title: string
  wide: boolean
  badge?: number
  sheetAction?: (close: () => void) => ReactNode
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  // A folded panel's controls are made the first time someone reaches for it, not with the page (on
  // a phone the filters are a fifth of a list page's first render), and then kept, with any
  // half-typed value.
  const [opened, setOpened] = useState(false)
  if (wide) {
    return (
      <section className="list-panel" aria-label={title}>
        <h2 className="list-panel__title">{title}</h2>
        {children}
      </section>
    )
  }
  const sheet = Boolean(sheetAction)
  return (
    <details
      className={sheet ? 'list-panel list-panel--sheet' : 'list-panel'}
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open
        setOpen(nowOpen)
        if (nowOpen) setOpened(true)
      }}
    >
      {/* Made at the first touch or focus, so they are there in the frame that opens the panel. */}
      <summary
        className="list-panel__summary"
        onPointerDown={() => setOpened(true)}
        onFocus={() => setOpened(true)}
      >
        {title}
        {badge !== undefined && (
          <span className="list-panel__badge">
            {badge}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </summary>
      {opened &&
        (sheet ? (
          <div className="list-panel__sheet" role="group" aria-label={title}>
            <div className="list-panel__sheet-body">{children}</div>
            <div className="list-panel__sheet-footer">{sheetAction?.(() => setOpen(false))}</div>
          </div>
        ) : (
          children
        ))}
    </details>
  )
}
