import { resolve } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfPage {
  // Size in points (A4 portrait 595.28 × 841.89).
  width: number
  height: number
  // The text layer, items joined by spaces.
  text: string
}

/** A PDF's pages and the first bytes of the file, read back with pdfjs-dist (tests only). */
export async function readPdfPages(bytes: Uint8Array): Promise<{ head: string; pages: PdfPage[] }> {
  const pdf = await getDocument({
    // pdfjs may take the buffer over: give it a copy.
    data: bytes.slice(),
    standardFontDataUrl: `${resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise
  const pages: PdfPage[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const [, , width = 0, height = 0] = page.view
    const content = await page.getTextContent()
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
    pages.push({ width, height, text })
  }
  await pdf.destroy()
  return { head: new TextDecoder('latin1').decode(bytes.subarray(0, 5)), pages }
}
