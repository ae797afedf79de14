import { apiList } from '@/api/http'
import type { Intent } from '@/api/schema/intents'
import type { ListParams } from '@/lib/list-search'
import { toListQuery } from '@/lib/list-view'
import { collectPages } from '@/lib/fetch-pages'

// The most links one bulk action takes over a whole query (the list's filters).
export const MAX_MATCHING_LINKS = 5000
// The most rows the API gives in one page.
const READ_PAGE = 100

/**
 * Every link the list's query matches, read in pages before the run starts: the run then works
 * on that fixed set, so a cancel that takes links out of a 'Created' filter skips none.
 */
export async function readMatchingLinks(
  submerchantId: string,
  params: ListParams,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<Intent[]> {
  const { Intent } = await import('@/api/schema/intents')
  const { items } = await collectPages<Intent>({
    fetchPage: (offset, limit, pageSignal) =>
      apiList('/v1/intents', { ...toListQuery({ submerchantId }, params), limit, offset }, Intent, {
        signal: pageSignal,
      }),
    pageSize: READ_PAGE,
    concurrency: 1,
    signal,
    // Nothing is read past the cap, and the progress counts up to it.
    maxItems: MAX_MATCHING_LINKS,
    onProgress: (done, total) => onProgress(done, Math.min(total, MAX_MATCHING_LINKS)),
  })
  return items
}
