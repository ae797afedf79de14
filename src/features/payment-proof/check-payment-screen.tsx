import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { isModuleLoadError } from '@/lib/lazy-load'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/field'
import { ModuleUnavailable } from '@/ui/module-unavailable'
import { PageHeader } from '@/ui/page-layout'
import { proofTokenFrom } from './proof-token'
import { makeFrameReader } from './qr-reader'
import { receiptKeyQueries } from './receipt-keys'
import { checkSignature } from './verify-proof'
import './payment-proof.css'

export const CHECK_MESSAGES = {
  pasteRequired: 'Paste the link from the customer’s screen',
  noCamera: 'This device has no camera the portal can use. Paste the link instead.',
  cameraRefused:
    'The camera could not be opened. Allow the camera for this site in the browser, or paste the link instead.',
} as const

type CameraState =
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'scanning' }
  | { kind: 'failed'; message: string }
  | { kind: 'unavailable' }

// Frames are read this often; a decode costs a phone some 20-60 ms (docs/screens.md#check-a-payment).
const FRAME_INTERVAL_MS = 120

function useCameraScan(onCode: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<CameraState>({ kind: 'off' })
  const stopRef = useRef<() => void>(() => undefined)

  useEffect(() => () => stopRef.current(), [])

  async function start() {
    const media = navigator.mediaDevices as MediaDevices | undefined
    if (!media?.getUserMedia) {
      setState({ kind: 'failed', message: CHECK_MESSAGES.noCamera })
      return
    }
    setState({ kind: 'starting' })
    let stream: MediaStream
    try {
      stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
    } catch {
      setState({ kind: 'failed', message: CHECK_MESSAGES.cameraRefused })
      return
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    const stop = () => {
      live = false
      clearTimeout(timer)
      for (const track of stream.getTracks()) track.stop()
    }
    stopRef.current = stop
    try {
      const read = await makeFrameReader()
      const video = videoRef.current
      if (!video || !live) return stop()
      video.srcObject = stream
      await video.play()
      setState({ kind: 'scanning' })
      const tick = async () => {
        if (!live) return
        const text = await read(video).catch(() => null)
        if (!live) return
        if (text) {
          stop()
          setState({ kind: 'off' })
          onCode(text)
          return
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS)
      }
      void tick()
    } catch (error) {
      stop()
      setState(
        isModuleLoadError(error)
          ? { kind: 'unavailable' }
          : { kind: 'failed', message: CHECK_MESSAGES.cameraRefused },
      )
    }
  }

  function cancel() {
    stopRef.current()
    setState({ kind: 'off' })
  }

  return { videoRef, state, start, cancel }
}

// Check a payment (docs/screens.md#check-a-payment): scan the customer's proof, or paste its link;
// the verdict is the /v/{token} screen.
export function CheckPaymentScreen() {
  const navigate = useNavigate()
  const router = useRouter()
  const cameraHeading = useId()
  const pasteHeading = useId()
  const [pasted, setPasted] = useState('')
  const [pasteError, setPasteError] = useState<string | null>(null)

  // Ready before a code is read: the keys (read again whenever this opens online) and the verdict
  // screen's code, so a decoded code's verdict waits for neither (docs/screens.md#check-a-payment).
  const keys = useQuery(receiptKeyQueries.all())
  useEffect(() => {
    router.preloadRoute({ to: '/v/$token', params: { token: '-' } }).catch(() => undefined)
  }, [router])

  const open = (text: string) => {
    const token = proofTokenFrom(text)
    // The signature check starts now, beside the navigation; the verdict screen picks it up.
    if (keys.data) void checkSignature(token, keys.data)
    void navigate({ to: '/v/$token', params: { token } })
  }
  const { videoRef, state: cameraState, start, cancel } = useCameraScan(open)
  const showVideo = cameraState.kind === 'starting' || cameraState.kind === 'scanning'

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!proofTokenFrom(pasted)) {
      setPasteError(CHECK_MESSAGES.pasteRequired)
      return
    }
    open(pasted)
  }

  return (
    <div className="check-payment">
      <PageHeader
        title="Check a payment"
        description="Scan the QR code on the customer’s phone or receipt, or paste the link they were sent. The check runs on this device, so it works with no signal."
      />
      <section className="card check-payment__camera" aria-labelledby={cameraHeading}>
        <h2 id={cameraHeading}>Scan the code</h2>
        <div className="check-payment__viewfinder" hidden={!showVideo}>
          <video ref={videoRef} muted playsInline aria-label="Camera view" />
        </div>
        {cameraState.kind === 'scanning' && (
          <p className="muted" role="status">
            Point the camera at the QR code.
          </p>
        )}
        {cameraState.kind === 'failed' && <Alert tone="warning">{cameraState.message}</Alert>}
        {cameraState.kind === 'unavailable' && <ModuleUnavailable />}
        {showVideo ? (
          <Button variant="secondary" onClick={cancel}>
            Stop the camera
          </Button>
        ) : (
          <Button onClick={() => void start()}>Open the camera</Button>
        )}
      </section>
      <section className="card check-payment__paste" aria-labelledby={pasteHeading}>
        <h2 id={pasteHeading}>Or paste the link</h2>
        <form onSubmit={submit} noValidate className="check-payment__form">
          <TextField
            label="Proof of payment link"
            value={pasted}
            error={pasteError}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setPasted(event.target.value)
              setPasteError(null)
            }}
          />
          <Button type="submit" variant="secondary">
            Check
          </Button>
        </form>
      </section>
    </div>
  )
}
