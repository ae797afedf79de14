import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import './menu.css'

interface MenuProps {
  // The trigger's accessible name (its visible content may be only an icon).
  label: string
  trigger: ReactNode
  // Panel content; call close() after an item acts.
  children: (close: () => void) => ReactNode
  align?: 'start' | 'end'
  // Open upwards (a menu at the bottom of the sidebar).
  placement?: 'below' | 'above'
  className?: string
  triggerClassName?: string
}

/**
 * A disclosure dropdown (button + panel of links and buttons): Escape, a click outside or moving
 * focus away closes it, and focus returns to the trigger on Escape.
 */
export function Menu({
  label,
  trigger,
  children,
  align = 'end',
  placement = 'below',
  className,
  triggerClassName,
}: MenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div
      ref={root}
      className={['menu', className].filter(Boolean).join(' ')}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className={['menu__trigger', triggerClassName].filter(Boolean).join(' ')}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        className={`menu__panel menu__panel--${align} menu__panel--${placement}`}
        hidden={!open}
      >
        {open && children(() => setOpen(false))}
      </div>
    </div>
  )
}

// A menu entry that acts (no navigation): closes the menu first, then does its thing.
export function MenuAction({
  close,
  onSelect,
  children,
}: {
  close: () => void
  onSelect: () => void
  children: ReactNode
}) {
  return (
    <li>
      <button
        type="button"
        className="menu__item"
        onClick={() => {
          close()
          onSelect()
        }}
      >
        {children}
      </button>
    </li>
  )
}
