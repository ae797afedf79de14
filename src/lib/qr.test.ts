// @vitest-environment node
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { makeQrMatrix, QR_QUIET_ZONE, qrRuns, qrSvgPath, type QrMatrix } from '@/lib/qr'

// The runs painted back onto an RGBA bitmap, `scale` pixels per module, quiet zone included.
function paint(matrix: QrMatrix, scale: number) {
  const side = (matrix.size + 2 * QR_QUIET_ZONE) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (const { x, y, length } of matrix.runs) {
    for (let px = (x + QR_QUIET_ZONE) * scale; px < (x + length + QR_QUIET_ZONE) * scale; px++) {
      for (let py = (y + QR_QUIET_ZONE) * scale; py < (y + 1 + QR_QUIET_ZONE) * scale; py++) {
        pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3)
      }
    }
  }
  return { pixels, side }
}

describe('qrRuns', () => {
  it('merges the dark modules of each row into runs', () => {
    const grid = ['##.#', '....', '####', '.#..']
    const runs = qrRuns(4, (row, column) => grid[row]?.[column] === '#')
    expect(runs).toEqual([
      { x: 0, y: 0, length: 2 },
      { x: 3, y: 0, length: 1 },
      { x: 0, y: 2, length: 4 },
      { x: 1, y: 3, length: 1 },
    ])
  })
})

describe('makeQrMatrix', () => {
  it('draws a code that a scanner reads back as the same text', async () => {
    const text = 'http://127.0.0.1:8080/pay?submerchant=sub_demo_city_cabs'
    const matrix = await makeQrMatrix(text)
    expect(matrix.size).toBeGreaterThanOrEqual(21)
    const { pixels, side } = paint(matrix, 4)
    expect(jsQR(pixels, side, side)?.data).toBe(text)
  })

  it('gives an SVG path inside the quiet zone', async () => {
    const matrix = await makeQrMatrix('x')
    const path = qrSvgPath(matrix)
    expect(path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h`)).toBe(true)
    expect(path.match(/M/g)).toHaveLength(matrix.runs.length)
  })
})
