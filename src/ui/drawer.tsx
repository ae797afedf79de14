import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from '@/ui/button'
import './drawer.css'

interface DrawerProps {
  open: boolean
  onClose: () => void
  // The drawer's accessible name.
  title: string
  children: ReactNode
}

// A side panel on the native modal <dialog>: focus is trapped and the page behind is inert.
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className="drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="drawer__inner">
        <div className="drawer__header">
          <h2 className="drawer__title" id={titleId}>
            {title}
          </h2>
          <Button variant="ghost" aria-label="Close menu" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </Button>
        </div>
        {children}
      </div>
    </dialog>
  )
}
