import type { QueryClient } from '@tanstack/react-query'
import type { ListPage } from '@/api/http'

// Replaces (or adds, first) one item of a cached list page, without the fields the caller names
// (a once-only secret never enters the cache).
export function putInList<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  item: T,
  secretFields: readonly string[],
): void {
  const safe = Object.fromEntries(
    Object.entries(item).filter(([field]) => !secretFields.includes(field)),
  ) as T
  queryClient.setQueryData<ListPage<T>>(queryKey, (page) => {
    if (!page) return page
    const index = page.items.findIndex((existing) => existing.id === item.id)
    const items =
      index === -1
        ? [safe, ...page.items]
        : page.items.map((existing, i) => (i === index ? safe : existing))
    return { ...page, items, total: index === -1 ? page.total + 1 : page.total }
  })
}

export function removeFromList(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
): void {
  queryClient.setQueryData<ListPage<{ id: string }>>(queryKey, (page) =>
    page
      ? { ...page, items: page.items.filter((item) => item.id !== id), total: page.total - 1 }
      : page,
  )
}
