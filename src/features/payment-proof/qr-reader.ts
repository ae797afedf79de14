// Reads a QR code from camera frames: the browser's BarcodeDetector where it exists, else jsQR,
// loaded only here (the scanner adds nothing to other screens, docs/architecture.md#conventions).
import { loadModule } from '@/lib/lazy-load'

export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>

interface DetectedBarcode {
  rawValue: string
}

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats(): Promise<string[]>
}

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  if (!Detector) return null
  const formats = await Detector.getSupportedFormats().catch(() => [] as string[])
  if (!formats.includes('qr_code')) return null
  const detector = new Detector({ formats: ['qr_code'] })
  return async (video) => {
    const [code] = await detector.detect(video)
    return code?.rawValue ?? null
  }
}

// Frames are scaled down to this many pixels on the long side: a phone's code fills much of the
// view, and jsQR's time grows with the pixels.
const MAX_SIDE = 640

async function jsQrReader(): Promise<FrameReader> {
  const { default: jsQR } = await loadModule(() => import('jsqr'))
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('No 2D canvas to read the camera with')
  return (video) => {
    const { videoWidth, videoHeight } = video
    if (!videoWidth || !videoHeight) return Promise.resolve(null)
    const scale = Math.min(1, MAX_SIDE / Math.max(videoWidth, videoHeight))
    const width = Math.round(videoWidth * scale)
    const height = Math.round(videoHeight * scale)
    canvas.width = width
    canvas.height = height
    context.drawImage(video, 0, 0, width, height)
    const { data } = context.getImageData(0, 0, width, height)
    return Promise.resolve(
      jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null,
    )
  }
}

export async function makeFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? jsQrReader()
}
