import { PAGE_CHUNK, PAGE_LINKS } from '@/config/limits'

export interface PageWindow {
  // The numbered page links to show, in order.
  pages: number[]
  // Target of the "…" jump before/after the links, or null when the window reaches that end.
  previousChunk: number | null
  nextChunk: number | null
}

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize))
}

// docs/constants.md#sizes-and-limits: at most 5 page links centred on the current page; "…" jumps a chunk of 3 pages.
export function pageWindow(
  current: number,
  count: number,
  links: number = PAGE_LINKS,
  chunk: number = PAGE_CHUNK,
): PageWindow {
  const total = Math.max(1, Math.floor(count))
  const page = Math.min(Math.max(1, Math.floor(current)), total)
  const size = Math.max(1, Math.min(links, total))
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), total - size + 1)
  const end = start + size - 1
  return {
    pages: Array.from({ length: size }, (_, index) => start + index),
    previousChunk: start > 1 ? Math.max(1, page - chunk) : null,
    nextChunk: end < total ? Math.min(total, page + chunk) : null,
  }
}
