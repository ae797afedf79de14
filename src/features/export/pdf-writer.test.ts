import { describe, expect, it } from 'vitest'
import { PdfWriter } from '@/features/export/pdf-writer'
import { pdfSafe } from '@/lib/pdf-text'
import { readPdfPages } from '@/test/pdf-pages'

const HEADER = ['ID', 'Sale Amount', 'Card Scheme', 'External Reference']

const pagesOf = async (blob: Blob) =>
  (await readPdfPages(new Uint8Array(await blob.arrayBuffer()))).pages

// The first test pays for loading jsPDF and the PDF reader: seconds on a busy two-core machine.
describe('PdfWriter', { timeout: 30_000 }, () => {
  it('lays out rows as they arrive: every row once, in order, a header and number on each page', async () => {
    const writer = new PdfWriter({
      title: 'City Cabs transactions',
      subtitle: '2026-10-01 to 2026-10-31',
      header: HEADER,
      amountColumns: [1],
    })
    const ids = Array.from({ length: 250 }, (_, i) => `sale_${String(i).padStart(5, '0')}`)
    for (let i = 0; i < ids.length; i += 100) {
      writer.write(ids.slice(i, i + 100).map((id) => [id, '12.34', 'Visa', i ? '' : 'JOB123']))
    }
    const pages = await pagesOf(
      writer.finish([
        ['Transactions', '250', ''],
        ['Gross', '3085.00', 'GBP'],
      ]),
    )
    expect(pages.length).toBeGreaterThan(3)
    pages.forEach((page, index) => {
      // A4 landscape in points.
      expect(page.width).toBeCloseTo(841.89, 1)
      expect(page.height).toBeCloseTo(595.28, 1)
      expect(page.text).toContain('Sale Amount')
      expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`)
    })
    expect(pages[0]!.text).toContain('City Cabs transactions')
    expect(pages[0]!.text).toContain('2026-10-01 to 2026-10-31')
    const all = pages.map((page) => page.text).join('\n')
    const found = all.match(/sale_\d{5}/g)
    expect(found).toEqual(ids)
    expect(pages.at(-1)!.text).toMatch(/Summary.*Transactions\s+250.*Gross\s+3085\.00\s+GBP/)
  })

  it('keeps every row one line: a text wider than its column ends in an ellipsis', async () => {
    const writer = new PdfWriter({ title: 'T', subtitle: 'S', header: HEADER, amountColumns: [1] })
    const long = `JOB-${'long reference '.repeat(20)}END`
    writer.write(
      Array.from({ length: 70 }, (_, i) => [`sale_${i}`, '1.00', 'Visa', i === 3 ? long : '']),
    )
    const text = (await pagesOf(writer.finish(null))).map((page) => page.text).join('\n')
    expect(text).toMatch(/JOB-long reference[^\n]*\.\.\./)
    expect(text).not.toContain('END')
  })

  it('prints an empty export as a header and a zero summary', async () => {
    const writer = new PdfWriter({ title: 'T', subtitle: 'S', header: HEADER, amountColumns: [1] })
    const pages = await pagesOf(writer.finish([['Transactions', '0', '']]))
    expect(pages).toHaveLength(1)
    expect(pages[0]!.text).toMatch(/ID.*Transactions\s+0/)
  })

  it('replaces what the standard fonts cannot print', () => {
    expect(pdfSafe('Café €5 – ok')).toBe('Café €5 – ok')
    expect(pdfSafe('東京 🚕')).toBe('?? ?')
    expect(pdfSafe('line\nbreak')).toBe('line break')
  })
})
