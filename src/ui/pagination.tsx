import { PAGE_SIZE } from '@/config/limits'
import { pageCount, pageWindow } from '@/lib/pagination'
import { Button } from '@/ui/button'
import './pagination.css'

interface PaginationProps {
  // 1-based.
  page: number
  total: number
  totalIsApproximate?: boolean
  pageSize?: number
  onPageChange: (page: number) => void
  label?: string
}

const count = new Intl.NumberFormat('en-GB')

export function Pagination({
  page,
  total,
  totalIsApproximate = false,
  pageSize = PAGE_SIZE,
  onPageChange,
  label = 'Pagination',
}: PaginationProps) {
  const pages = pageCount(total, pageSize)
  const current = Math.min(Math.max(1, page), pages)
  const window = pageWindow(current, pages)
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1
  const last = Math.min(total, current * pageSize)

  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__summary">
        {first}–{last} of {totalIsApproximate ? 'about ' : ''}
        {count.format(total)}
      </p>
      {pages > 1 && (
        <ul className="pagination__list">
          <li>
            <Button
              variant="secondary"
              aria-label="Previous page"
              disabled={current === 1}
              onClick={() => onPageChange(current - 1)}
            >
              <span aria-hidden="true">‹</span>
            </Button>
          </li>
          {window.previousChunk !== null && (
            <li className="pagination__chunk">
              <Button
                variant="ghost"
                aria-label={`Back to page ${window.previousChunk}`}
                onClick={() => onPageChange(window.previousChunk ?? 1)}
              >
                …
              </Button>
            </li>
          )}
          {window.pages.map((number) => (
            <li key={number}>
              <Button
                variant="secondary"
                aria-label={`Page ${number}`}
                aria-current={number === current ? 'page' : undefined}
                onClick={() => onPageChange(number)}
              >
                {number}
              </Button>
            </li>
          ))}
          {window.nextChunk !== null && (
            <li className="pagination__chunk">
              <Button
                variant="ghost"
                aria-label={`Forward to page ${window.nextChunk}`}
                onClick={() => onPageChange(window.nextChunk ?? pages)}
              >
                …
              </Button>
            </li>
          )}
          <li>
            <Button
              variant="secondary"
              aria-label="Next page"
              disabled={current === pages}
              onClick={() => onPageChange(current + 1)}
            >
              <span aria-hidden="true">›</span>
            </Button>
          </li>
        </ul>
      )}
    </nav>
  )
}
