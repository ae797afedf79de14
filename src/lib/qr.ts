// A QR code as its grid of modules, so a screen (SVG) and a PDF (rectangles) draw the same code
// crisply at any size. qrcode loads on demand: it stays off the routes that do not draw one.

import { loadModule } from '@/lib/lazy-load'

export interface QrMatrix {
  // Modules per side, without the quiet zone.
  size: number
  // Dark modules, row by row, merged into horizontal runs (one rectangle each).
  runs: readonly QrRun[]
}

export interface QrRun {
  x: number
  y: number
  length: number
}

// The light border scanners need around the code, in modules (ISO/IEC 18004).
export const QR_QUIET_ZONE = 4

export function qrRuns(size: number, isDark: (row: number, column: number) => boolean): QrRun[] {
  const runs: QrRun[] = []
  for (let y = 0; y < size; y++) {
    let start = -1
    for (let x = 0; x <= size; x++) {
      const dark = x < size && isDark(y, x)
      if (dark && start < 0) start = x
      if (!dark && start >= 0) {
        runs.push({ x: start, y, length: x - start })
        start = -1
      }
    }
  }
  return runs
}

// Error correction M (15 %): survives a scuffed card or a fold without making the code denser.
export async function makeQrMatrix(text: string): Promise<QrMatrix> {
  const { create } = await loadModule(() => import('qrcode'))
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return {
    size: modules.size,
    runs: qrRuns(modules.size, (row, column) => Boolean(modules.get(row, column))),
  }
}

// An SVG path of the dark modules, shifted by the quiet zone: `viewBox` is size + 2 × zone.
export function qrSvgPath(matrix: QrMatrix, zone = QR_QUIET_ZONE): string {
  return matrix.runs
    .map(({ x, y, length }) => `M${x + zone} ${y + zone}h${length}v1h-${length}z`)
    .join('')
}
