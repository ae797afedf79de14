import type { MouseEvent } from 'react'
import { stringifySearch } from '@/lib/search'
import { formatMoney } from '@/lib/money'
import { GROUP_TITLES } from '@/features/search/groups'
import type { SearchHit } from '@/features/search/hits'
import type { SearchCriteria } from '@/features/search/query-reader'
import type { GroupResult } from '@/features/search/use-search-results'

// The listbox of the box: grouped results, 'See all N', the id typed whole, or recent searches.
// Every option that opens a page is a real link, so it opens in a new tab too.

export interface SearchOption {
  id: string
  // A page to open, or a recent query to search again.
  href?: string
  query?: string
}

export function seeAllHref(group: GroupResult): string {
  return `${group.seeAll.listPath}${stringifySearch(group.seeAll.search)}`
}

const count = (group: GroupResult) =>
  group.approximate
    ? `about ${group.total.toLocaleString('en-GB')}`
    : group.total.toLocaleString('en-GB')

const savedLabel = (at: number) =>
  `Saved on this device · updated ${new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`

interface ResultsProps {
  listId: string
  groups: GroupResult[]
  idHit: SearchHit | null
  criteria: SearchCriteria
  optionId: (key: string) => string
  activeId: string | null
  onOpen: (event: MouseEvent<HTMLAnchorElement>, href: string) => void
}

export function resultOptions(groups: GroupResult[], idHit: SearchHit | null): SearchOption[] {
  const options: SearchOption[] = idHit ? [{ id: `id-${idHit.id}`, href: idHit.href }] : []
  for (const group of groups) {
    for (const hit of group.hits) options.push({ id: `${group.kind}-${hit.id}`, href: hit.href })
    if (group.total > 0) options.push({ id: `${group.kind}-all`, href: seeAllHref(group) })
  }
  return options
}

function HitOption(props: {
  hit: SearchHit
  id: string
  active: boolean
  onOpen: ResultsProps['onOpen']
}) {
  const { hit, id, active, onOpen } = props
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      href={hit.href}
      className="search__option"
      onClick={(event) => onOpen(event, hit.href)}
    >
      <span className="search__option-title">{hit.title}</span>
      {hit.facts.length > 0 && (
        <span className="search__option-facts">{hit.facts.join(' · ')}</span>
      )}
    </a>
  )
}

export function SearchResults(props: ResultsProps) {
  const { listId, groups, idHit, criteria, optionId, activeId, onOpen } = props
  return (
    <div role="listbox" id={listId} aria-label="Search results" className="search__listbox">
      {idHit && (
        <HitOption
          hit={idHit}
          id={optionId(`id-${idHit.id}`)}
          active={activeId === optionId(`id-${idHit.id}`)}
          onOpen={onOpen}
        />
      )}
      {groups.map((group) => {
        const headId = optionId(`${group.kind}-head`)
        const all = seeAllHref(group)
        const allId = optionId(`${group.kind}-all`)
        return (
          <div key={group.kind} role="group" aria-labelledby={headId} className="search__group">
            <div id={headId} role="presentation" className="search__group-head">
              <span className="search__group-title">{GROUP_TITLES[group.kind]}</span>
              <span className="search__group-count">
                {group.state === 'pending'
                  ? 'Searching…'
                  : group.state === 'failed'
                    ? 'Could not search'
                    : count(group)}
              </span>
              {group.savedAt !== null && (
                <span className="search__saved">{savedLabel(group.savedAt)}</span>
              )}
              {group.widened && criteria.amount && (
                <span className="search__note">
                  Nothing at exactly {formatMoney(criteria.amount.minor)}; showing{' '}
                  {formatMoney(criteria.amount.minor)} to {formatMoney(criteria.amount.minor + 99)}
                </span>
              )}
            </div>
            {group.hits.map((hit) => (
              <HitOption
                key={hit.id}
                hit={hit}
                id={optionId(`${group.kind}-${hit.id}`)}
                active={activeId === optionId(`${group.kind}-${hit.id}`)}
                onOpen={onOpen}
              />
            ))}
            {group.total > 0 && (
              <a
                id={allId}
                role="option"
                aria-selected={activeId === allId}
                tabIndex={-1}
                href={all}
                className="search__option search__option--all"
                onClick={(event) => onOpen(event, all)}
              >
                See all {count(group)}
              </a>
            )}
          </div>
        )
      })}
    </div>
  )
}
