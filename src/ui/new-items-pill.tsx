import './new-items-pill.css'

interface NewItemsPillProps {
  count: number
  // '1 new sale' / '3 new sales'.
  one: string
  many: string
  // Refreshes what the screen shows; the pill then brings the top of the page into view.
  onShow: () => void
}

/**
 * New rows announced by the live stream, offered instead of moved in under the person's thumb
 * (docs/events.md#in-the-portal): tapping it refreshes and scrolls to the top.
 */
export function NewItemsPill({ count, one, many, onShow }: NewItemsPillProps) {
  // The live region stays mounted, so a screen reader hears the first one arrive.
  return (
    <div className="new-items-pill" role="status">
      {count > 0 && (
        <button
          type="button"
          className="new-items-pill__button"
          onClick={() => {
            onShow()
            window.scrollTo({ top: 0, behavior: 'smooth' })
          }}
        >
          <span aria-hidden="true">↑ </span>
          {count === 1 ? `1 ${one}` : `${count.toLocaleString('en-GB')} ${many}`}
        </button>
      )}
    </div>
  )
}
