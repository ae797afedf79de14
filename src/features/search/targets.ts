import type { QueryKey, UseQueryOptions } from '@tanstack/react-query'
import type { ListPage } from '@/api/http'
import { parseListSearch, type ListParams, type ListSearch, type ListSpec } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import { accessFor, type AccessRule, type AccessSubject } from '@/policy/access'
import {
  GROUP_KINDS,
  groupSearch,
  type GroupKind,
  wholePoundSearch,
} from '@/features/search/groups'
import type { SearchRecord } from '@/features/search/hits'
import type { SearchCriteria } from '@/features/search/query-reader'

// The lists the box searches, handed in by the routes (features do not import each other): each
// list's spec, its path, its rule and its own query factory, so results share the list's cache.

export type ListQueryOptions = UseQueryOptions<
  ListPage<SearchRecord>,
  Error,
  ListPage<SearchRecord>,
  QueryKey
>

export interface SearchTarget {
  spec: ListSpec
  listPath: string
  rule?: AccessRule
  // A list that waits on the account's state (payment links before enrolment) is not searched.
  loads?: (subject: AccessSubject) => boolean
  query: (submerchantId: string, params: ListParams) => ListQueryOptions
}

export type SearchTargets = Record<GroupKind, SearchTarget>

export interface GroupPlan {
  kind: GroupKind
  target: SearchTarget
  // The list's URL view ('See all') and its first page's params.
  search: ListSearch
  params: ListParams
  // '23' with nothing at exactly £23.00: the same view over the whole pound.
  widened: { search: ListSearch; params: ListParams } | null
}

/** The groups the person may see that the criteria can narrow, in display order. */
export function planGroups(
  targets: SearchTargets,
  criteria: SearchCriteria,
  subject: AccessSubject,
): GroupPlan[] {
  const access = accessFor(subject)
  const plans: GroupPlan[] = []
  for (const kind of GROUP_KINDS) {
    const target = targets[kind]
    if (target.rule && !access[target.rule]) continue
    if (target.loads && !target.loads(subject)) continue
    const wanted = groupSearch(kind, criteria)
    if (!wanted) continue
    // Read back as the list reads its URL, so the group never asks for more than 'See all' shows.
    const search = parseListSearch(target.spec, wanted)
    const params = toListParams(target.spec, search)
    const wide = wholePoundSearch(search, criteria.amount)
    const wideSearch = wide && parseListSearch(target.spec, wide)
    const widened = wideSearch && {
      search: wideSearch,
      params: toListParams(target.spec, wideSearch),
    }
    plans.push({ kind, target, search, params, widened })
  }
  return plans
}
