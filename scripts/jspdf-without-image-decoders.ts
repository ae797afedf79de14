// A Vite plugin: jspdf without its raster image readers. No PDF this portal makes holds a raster
// image (the export's tables, the Scan to Pay kit's vector QR codes), and jspdf is in the service
// worker's install (the kit works offline), whose size has a budget (tests/build/pwa-build.test.ts).
// Left out: its own GIF, BMP and WebP decoders and the JPEG encoder they convert through (5,000
// lines, a quarter of its minified size), and fast-png with pako for PNG. addImage with one of
// those formats then throws; JPEG still works.
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

// The unminified build, whose sections can be found by their names.
const JSPDF_SOURCE = createRequire(import.meta.url).resolve('jspdf/dist/jspdf.es.js')
const NO_PNG = '\0jspdf-no-png'
const FIRST = 'function GifReader(buf) {'
const LAST_PLUGIN = '@name webp_support'
const PLUGIN_END = '\n})(jsPDF.API);\n'
const REMOVED = ['GifReader', 'JPEGEncoder', 'BmpDecoder', 'WebPDecoder']

/** The source without the decoders; throws when jspdf's layout is not the one this expects. */
export function cutImageDecoders(source: string): string {
  const first = source.indexOf(FIRST)
  // From the licence comment above the GIF reader to the end of the WebP plugin.
  const start = first < 0 ? -1 : source.lastIndexOf('/**', first)
  const lastPlugin = start < 0 ? -1 : source.indexOf(LAST_PLUGIN, start)
  const end = lastPlugin < 0 ? -1 : source.indexOf(PLUGIN_END, lastPlugin)
  if (end < 0) throw new Error('jspdf: the image decoder section was not found')
  const kept = source.slice(0, start) + source.slice(end + PLUGIN_END.length)
  const stillUsed = REMOVED.filter((name) => new RegExp(`\\b${name}\\b`).test(kept))
  if (stillUsed.length > 0) {
    throw new Error(`jspdf: the rest still uses ${stillUsed.join(', ')}; keep the decoders`)
  }
  return kept
}

export function jspdfWithoutImageDecoders(): Plugin {
  return {
    name: 'jspdf-without-image-decoders',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'jspdf') return JSPDF_SOURCE
      if (source === 'fast-png' && importer === JSPDF_SOURCE) return NO_PNG
      return null
    },
    load(id) {
      if (id !== NO_PNG) return null
      return "export function decode() { throw new Error('PNG images are left out of jspdf here (scripts/jspdf-without-image-decoders.ts)') }"
    },
    transform(code, id) {
      if (id !== JSPDF_SOURCE) return null
      return { code: cutImageDecoders(code), map: null }
    },
  }
}
