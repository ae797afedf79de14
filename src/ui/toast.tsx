import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { COPY_NOTICE_MS, NOTICE_MS } from '@/config/limits'
import { Button } from '@/ui/button'
import './toast.css'

export type ToastTone = 'info' | 'success' | 'error'

interface Toast {
  id: number
  message: string
  tone: ToastTone
}

export interface ToastOptions {
  tone?: ToastTone
  durationMs?: number
}

export interface ToastApi {
  show(message: string, options?: ToastOptions): void
  // docs/constants.md#timing: notices last 3000 ms.
  notice(message: string, tone?: ToastTone): void
  // docs/constants.md#timing: copy notices last 1000 ms.
  copied(message?: string): void
  dismiss(id: number): void
}

const ToastContext = createContext<ToastApi | null>(null)

// Places that take the toasts instead of the page's bottom edge (an open modal dialog), last on top.
type RegisterOutlet = (element: HTMLElement) => () => void
const OutletContext = createContext<RegisterOutlet | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const [outlets, setOutlets] = useState<HTMLElement[]>([])
  const registerOutlet = useCallback<RegisterOutlet>((element) => {
    setOutlets((current) => [...current, element])
    return () => setOutlets((current) => current.filter((outlet) => outlet !== element))
  }, [])
  const outlet = outlets.at(-1)
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (message: string, { tone = 'info', durationMs = NOTICE_MS }: ToastOptions = {}) => {
      const id = nextId.current++
      setToasts((current) => [...current, { id, message, tone }])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      )
    },
    [dismiss],
  )

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      notice: (message, tone = 'info') => show(message, { tone, durationMs: NOTICE_MS }),
      copied: (message = 'Copied to clipboard') =>
        show(message, { tone: 'success', durationMs: COPY_NOTICE_MS }),
    }),
    [show, dismiss],
  )

  const region = (
    <section className={outlet ? 'toasts toasts--in-dialog' : 'toasts'} aria-label="Notifications">
      {/* Polite for notices; errors are announced at once. */}
      <div role="status" aria-live="polite" className="toasts__list">
        {toasts
          .filter((toast) => toast.tone !== 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
      </div>
      <div role="alert" className="toasts__list">
        {toasts
          .filter((toast) => toast.tone === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
      </div>
    </section>
  )

  return (
    <ToastContext.Provider value={api}>
      <OutletContext.Provider value={registerOutlet}>
        {children}
        {/* A modal dialog makes the rest of the page inert and sits above it: its toasts go inside. */}
        {outlet ? createPortal(region, outlet) : region}
      </OutletContext.Provider>
    </ToastContext.Provider>
  )
}

/**
 * Where a modal dialog shows the toasts: in its own layout, above its buttons, so they are seen,
 * announced and dismissable, and never cover the buttons.
 */
export function ToastOutlet() {
  const register = useContext(OutletContext)
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  useEffect(() => (register && element ? register(element) : undefined), [register, element])
  return register ? <div className="toast-outlet" ref={setElement} /> : null
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast--${toast.tone}`}>
      <p className="toast__message">{toast.message}</p>
      <Button
        variant="ghost"
        size="small"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}
