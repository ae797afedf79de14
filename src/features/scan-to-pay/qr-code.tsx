import { useEffect, useState } from 'react'
import { NEEDS_CONNECTION } from '@/config/app'
import { isModuleLoadError } from '@/lib/lazy-load'
import { makeQrMatrix, QR_QUIET_ZONE, qrSvgPath, type QrMatrix } from '@/lib/qr'
import { useOnline } from '@/offline/use-online'

// One matrix per link for the life of the page: the screen and the kit share it.
const matrices = new Map<string, Promise<QrMatrix>>()

export function qrMatrixFor(text: string): Promise<QrMatrix> {
  let matrix = matrices.get(text)
  if (!matrix) {
    matrix = makeQrMatrix(text)
    // A failed load (qrcode's chunk unreachable) is tried again next time.
    matrix.catch(() => matrices.delete(text))
    matrices.set(text, matrix)
  }
  return matrix
}

type QrState =
  | { status: 'drawing' }
  | { status: 'ready'; matrix: QrMatrix }
  | { status: 'failed'; message: string }

const QR_FAILED = 'The QR code could not be drawn. Reload to try again.'
const QR_OFFLINE = `${NEEDS_CONNECTION} to draw the QR code.`

function useQrMatrix(text: string): QrState {
  // Drawn again when the connection returns, if qrcode's code could not load before.
  const online = useOnline()
  const [state, setState] = useState<{ text: string; value: QrState }>({
    text,
    value: { status: 'drawing' },
  })
  useEffect(() => {
    let live = true
    qrMatrixFor(text).then(
      (matrix) => live && setState({ text, value: { status: 'ready', matrix } }),
      (error: unknown) => {
        const message = isModuleLoadError(error) ? QR_OFFLINE : QR_FAILED
        if (live) setState({ text, value: { status: 'failed', message } })
      },
    )
    return () => {
      live = false
    }
  }, [text, online])
  return state.text === text ? state.value : { status: 'drawing' }
}

interface QrCodeProps {
  text: string
  // Side in CSS pixels, quiet zone included.
  size: number
  label: string
}

// A QR code drawn on the device as SVG: dark on white in either colour scheme, as scanners need.
export function QrCode({ text, size, label }: QrCodeProps) {
  const state = useQrMatrix(text)
  if (state.status !== 'ready') {
    return (
      <div
        className="qr-code qr-code--placeholder"
        style={{ width: size, height: size }}
        role={state.status === 'failed' ? 'alert' : 'status'}
      >
        {state.status === 'failed' ? state.message : ''}
        <span className="visually-hidden">
          {state.status === 'drawing' ? 'Drawing the QR code' : ''}
        </span>
      </div>
    )
  }
  const side = state.matrix.size + 2 * QR_QUIET_ZONE
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrSvgPath(state.matrix)} fill="#000" />
    </svg>
  )
}
