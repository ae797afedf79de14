// Writes the PWA icons into public/icons with node:zlib only (no image libraries).
// Run: node scripts/generate-icons.mjs
import { deflateSync } from 'node:zlib'
import { mkdirSync, writeFileSync } from 'node:fs'

const BRAND = [0x1d, 0x4e, 0xd8]
const WHITE = [0xff, 0xff, 0xff]
const STRIPE = [0x8e, 0xa7, 0xec]
const CHIP = [0x1d, 0x4e, 0xd8]

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// Inside a rounded rectangle (x, y, w, h, r) in unit coordinates.
const inRoundRect = (px, py, x, y, w, h, r) => {
  if (px < x || py < y || px > x + w || py > y + h) return false
  const cx = Math.min(Math.max(px, x + r), x + w - r)
  const cy = Math.min(Math.max(py, y + r), y + h - r)
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r
}

// The mark of src/features/auth/brand-mark.tsx on a 48-unit grid; `bleed` fills the square.
function draw(size, { bleed, scale }) {
  const rgba = Buffer.alloc(size * size * 4)
  const SS = 4
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const u = ((x + (sx + 0.5) / SS) / size) * 48
          const v = ((y + (sy + 0.5) / SS) / size) * 48
          // Content is scaled about the centre (maskable icons keep it in the safe zone).
          const cu = 24 + (u - 24) / scale
          const cv = 24 + (v - 24) / scale
          let color = null
          if (bleed || inRoundRect(u, v, 0, 0, 48, 48, 11)) color = BRAND
          if (color) {
            if (inRoundRect(cu, cv, 9, 14, 30, 20, 4)) {
              color = WHITE
              if (cv >= 18.5 && cv <= 22.5) color = STRIPE
              if (inRoundRect(cu, cv, 13, 26.5, 8, 3.5, 1.2)) color = CHIP
            }
            r += color[0]
            g += color[1]
            b += color[2]
            a += 255
          }
        }
      }
      const n = SS * SS
      const i = (y * size + x) * 4
      // Colour averaged over covered samples only, so edges do not darken.
      const covered = a / 255 || 1
      rgba[i] = Math.round(r / covered)
      rgba[i + 1] = Math.round(g / covered)
      rgba[i + 2] = Math.round(b / covered)
      rgba[i + 3] = Math.round(a / n)
    }
  }
  return png(size, rgba)
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', draw(192, { bleed: false, scale: 1.25 }))
writeFileSync('public/icons/icon-512.png', draw(512, { bleed: false, scale: 1.25 }))
// Maskable: full-bleed background, mark within the central 80 % safe zone.
writeFileSync('public/icons/maskable-512.png', draw(512, { bleed: true, scale: 1.0 }))
writeFileSync('public/icons/apple-touch-icon.png', draw(180, { bleed: true, scale: 1.1 }))
console.log('icons written')
