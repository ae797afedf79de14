import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import {
  useNavigate,
  useParams,
  useRouteContext,
  useSearch,
  type ParsedLocation,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Role } from '@/api/schema/common'
import type { Submerchant } from '@/api/schema/submerchants'
import { loadQuery } from '@/lib/load-query'
import { parseListSearch, type ListParams, type ListSearch, type ListSpec } from '@/lib/list-search'
import { toListParams } from '@/lib/list-view'
import type { PlainSearch } from '@/lib/search'
import { useListSearch } from '@/lib/use-list-search'
import { ACCESS_DENIED_MESSAGES, type Access, type AccessRule } from '@/policy/access'
import type { Session } from '@/session/session'
import { NotPermitted } from '@/ui/not-permitted'

// What the signed-in routes (_auth) hand a list route.
export interface ListContext {
  queryClient: QueryClient
  submerchant: Submerchant
  submerchantRole: Role | null
  // Decided once for the account by the _auth route (policy/access).
  access: Access
  session: Session
}

type RouteParams = Record<string, string>

// What a list route hands its screen.
export interface ListRouteView {
  context: ListContext
  params: RouteParams
  // The URL's view, checked against the list's spec; a change is a new history entry.
  search: ListSearch
  onSearchChange: (search: ListSearch) => void
}

interface ListRouteOptions<TData, TKey extends QueryKey> {
  // The page's title where the policy (docs/roles.md#the-id-lists) refuses it.
  title: string
  // The rule the list needs; refused, the page says why and nothing is asked of the API.
  access?: AccessRule
  // A list that waits on the account's state (payment links before enrolment) is not loaded then.
  loads?: (access: Access) => boolean
  // What the loader asks for, once: the first page of the URL's view (the screen's own query), or
  // the record the list belongs to (a terminal, whose page shows its sales).
  load: (
    context: ListContext,
    params: ListParams,
    routeParams: RouteParams,
  ) => FetchQueryOptions<TData, Error, TData, TKey>
  // A list inside a detail page replaces the entry on every change, so Back leaves the page.
  replaceHistory?: boolean
  screen: (view: ListRouteView) => ReactNode
}

interface ListLoaderMatch {
  context: ListContext
  params: RouteParams
  location: ParsedLocation
}

/**
 * A list route from its spec: the loader (the access check, then the first page of the URL's view,
 * once), and the page (the URL checked against the spec by useListSearch, NotPermitted when the
 * policy refuses). The route file keeps `validateSearch: plainSearch` and its title itself: the
 * file's first half is in the boot bundle, and the spec must not be (lib/use-list-search).
 */
export function listRoute<TData, TKey extends QueryKey>(
  spec: ListSpec,
  options: ListRouteOptions<TData, TKey>,
) {
  const allowed = ({ access }: ListContext) => !options.access || access[options.access]
  const loads = (context: ListContext) =>
    allowed(context) && (options.loads?.(context.access) ?? true)

  function loader({ context, params, location }: ListLoaderMatch) {
    if (!loads(context)) return undefined
    const listParams = toListParams(spec, parseListSearch(spec, location.search))
    return loadQuery(context.queryClient, options.load(context, listParams, params))
  }

  function Page() {
    const navigate = useNavigate()
    const raw = useSearch({ strict: false }) as PlainSearch
    const context = useRouteContext({ strict: false }) as ListContext
    const params = useParams({ strict: false }) as RouteParams
    const [search, onSearchChange] = useListSearch(spec, raw, (next, replace) => {
      void navigate({ to: '.', search: next, replace: replace || options.replaceHistory })
    })
    if (!allowed(context)) {
      const message = options.access ? ACCESS_DENIED_MESSAGES[options.access] : ''
      return <NotPermitted title={options.title} message={message} />
    }
    return options.screen({ context, params, search, onSearchChange })
  }

  return { loader, Page }
}
