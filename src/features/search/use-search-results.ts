import { useMemo } from 'react'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import type { ListSearch } from '@/lib/list-search'
import { useOnline } from '@/offline/use-online'
import type { AccessSubject } from '@/policy/access'
import type { GroupKind } from '@/features/search/groups'
import { toHit, type SearchHit } from '@/features/search/hits'
import { searchSaved } from '@/features/search/offline-search'
import type { SearchCriteria } from '@/features/search/query-reader'
import { planGroups, type SearchTargets } from '@/features/search/targets'

export const TOP_HITS = 5

export interface GroupResult {
  kind: GroupKind
  hits: SearchHit[]
  total: number
  approximate: boolean
  // The list 'See all' opens, with the group's filters (the whole pound's range when widened).
  seeAll: { listPath: string; search: ListSearch }
  // Nothing at exactly £23.00: these are £23.00 to £23.99.
  widened: boolean
  // Offline: when the saved data was fetched (ms); null for a live answer.
  savedAt: number | null
  state: 'pending' | 'done' | 'failed'
}

interface Options {
  targets: SearchTargets
  submerchantId: string
  subject: AccessSubject
  criteria: SearchCriteria
  // False while the query is empty or still being typed.
  enabled: boolean
}

/** The grouped results: one list request per group online, the saved cache offline. */
export function useSearchResults({ targets, submerchantId, subject, criteria, enabled }: Options) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const plans = useMemo(() => planGroups(targets, criteria, subject), [targets, criteria, subject])
  const live = enabled && online
  const exact = useQueries({
    queries: plans.map((plan) => ({
      ...plan.target.query(submerchantId, plan.params),
      enabled: live,
    })),
  })
  const emptyKinds = plans
    .filter(
      (plan, i) => plan.widened && exact[i]?.data?.total === 0 && !exact[i]?.isPlaceholderData,
    )
    .map((plan) => plan.kind)
  const widePlans = plans.filter((plan) => emptyKinds.includes(plan.kind))
  const wide = useQueries({
    queries: widePlans.map((plan) => ({
      ...plan.target.query(submerchantId, plan.widened?.params ?? plan.params),
      enabled: live,
    })),
  })

  const saved = useMemo(() => {
    if (online || !enabled) return null
    const kinds = plans.map((plan) => plan.kind)
    const queries = queryClient.getQueryCache().getAll()
    const first = searchSaved(queries, submerchantId, kinds, criteria)
    const widen = new Set(
      plans.filter((plan) => plan.widened && first.get(plan.kind)?.total === 0).map((p) => p.kind),
    )
    if (widen.size === 0) return { found: first, widen }
    const second = searchSaved(queries, submerchantId, [...widen], criteria, widen)
    for (const [kind, matches] of second) first.set(kind, matches)
    return { found: first, widen }
  }, [online, enabled, plans, queryClient, submerchantId, criteria])

  const groups: GroupResult[] = plans.map((plan, i) => {
    const seeAll = (widened: boolean) => ({
      listPath: plan.target.listPath,
      search: (widened && plan.widened?.search) || plan.search,
    })
    const base = { kind: plan.kind }
    if (saved) {
      const matches = saved.found.get(plan.kind)
      const widened = saved.widen.has(plan.kind)
      return {
        ...base,
        seeAll: seeAll(widened),
        hits: (matches?.records ?? []).slice(0, TOP_HITS).map((r) => toHit(plan.kind, r)),
        total: matches?.total ?? 0,
        approximate: false,
        widened,
        savedAt: matches?.savedAt || null,
        state: 'done',
      }
    }
    const widened = emptyKinds.includes(plan.kind)
    const result = widened ? wide[widePlans.findIndex((p) => p.kind === plan.kind)] : exact[i]
    const data = result?.data
    return {
      ...base,
      seeAll: seeAll(widened),
      hits: (data?.items ?? []).slice(0, TOP_HITS).map((r) => toHit(plan.kind, r)),
      total: data?.total ?? 0,
      approximate: data?.totalIsApproximate ?? false,
      widened,
      savedAt: null,
      state: result?.isError ? 'failed' : !data || result?.isPlaceholderData ? 'pending' : 'done',
    }
  })
  return { groups, online }
}
