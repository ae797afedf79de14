import { jsPDF } from 'jspdf'
import { autoTable } from 'jspdf-autotable'
import { pdfSafe } from '@/lib/pdf-text'

export interface PdfExportHead {
  title: string
  subtitle: string
  header: string[]
  // Columns (by index) that hold amounts, right-aligned.
  amountColumns: number[]
}

const MARGIN = 32
const FOOTER = 16
const TITLE_HEIGHT = 40
const FONT_SIZE = 6.5
const PADDING = 2.5
const HEAD_FILL: [number, number, number] = [32, 45, 64]
const STRIPE_FILL: [number, number, number] = [244, 245, 247]
// Columns keep the widths the first page's rows need, plus this much room for wider values later.
const SLACK = 1.15
// Narrowest a free-text column (External Reference) is squeezed to before all columns shrink.
const MIN_TEXT_COLUMN = 60

/**
 * An A4 landscape PDF of a table, laid out one page at a time as rows arrive: the title and range
 * on the first page, the header row on every page, the summary after the last row, and "Page n of
 * N" at the foot of each page.
 *
 * Memory stays bounded: a page is drawn as soon as its rows are in, its drawing instructions are
 * joined into one string, and the rows are dropped. Every row is one line tall (long text ends in
 * an ellipsis; the CSV keeps it whole), so each page holds a known number of rows and every
 * page's table starts at the top of its own page with its header.
 */
export class PdfWriter {
  private readonly doc = new jsPDF({
    orientation: 'landscape',
    unit: 'pt',
    format: 'a4',
    compress: true,
    // jspdf writes 16 decimals by default: most of a page's instructions would be digits.
    floatPrecision: 2,
  })
  private readonly header: string[]
  private pending: string[][] = []
  private pagesDrawn = 0
  private layout: Layout | null = null
  // Where the last page's rows end: the summary starts below.
  private finalY = MARGIN

  constructor(private readonly head: PdfExportHead) {
    this.header = head.header.map(pdfSafe)
    const doc = this.doc
    doc.setProperties({ title: pdfSafe(head.title), subject: pdfSafe(head.subtitle) })
    doc.setFont('helvetica', 'bold')
    doc.setFontSize(16)
    doc.text(pdfSafe(head.title), MARGIN, MARGIN + 8)
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(10)
    doc.text(pdfSafe(head.subtitle), MARGIN, MARGIN + 26)
  }

  write(rows: readonly (readonly string[])[]): void {
    for (const row of rows) this.pending.push(row.map(pdfSafe))
    for (;;) {
      const capacity = this.capacity()
      if (this.pending.length < capacity) return
      this.drawPage(this.pending.splice(0, capacity))
    }
  }

  finish(summary: string[][] | null): Blob {
    if (this.pending.length > 0 || this.pagesDrawn === 0) this.drawPage(this.pending)
    this.pending = []
    const doc = this.doc
    if (summary) {
      autoTable(doc, {
        head: [['Summary', '', '']],
        body: summary.map((row) => row.map(pdfSafe)),
        startY: this.finalY + 18,
        margin: { left: MARGIN, right: MARGIN, top: MARGIN, bottom: MARGIN + FOOTER },
        tableWidth: 260,
        pageBreak: 'avoid',
        theme: 'grid',
        styles: { fontSize: 9, cellPadding: 3 },
        headStyles: { fillColor: HEAD_FILL, textColor: 255, fontStyle: 'bold' },
        columnStyles: { 1: { halign: 'right' } },
      })
    }
    const pages = doc.getNumberOfPages()
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(8)
    doc.setTextColor(80)
    for (let page = 1; page <= pages; page++) {
      doc.setPage(page)
      const { width, height } = doc.internal.pageSize
      doc.text(`Page ${page} of ${pages}`, width - MARGIN, height - MARGIN / 2 - 4, {
        align: 'right',
      })
    }
    return doc.output('blob')
  }

  private startY(): number {
    return this.pagesDrawn === 0 ? MARGIN + TITLE_HEIGHT : MARGIN
  }

  // Rows that fit under the header on the next page; known once the column widths are.
  private capacity(): number {
    if (!this.layout) {
      // The first page's rows set the column widths; wait for a page's worth (or the end).
      if (this.pending.length < 64) return Number.POSITIVE_INFINITY
      this.layout = this.measure(this.pending.slice(0, 64))
    }
    const { rowHeight, headHeight } = this.layout
    const bottom = this.doc.internal.pageSize.height - MARGIN - FOOTER
    return Math.max(1, Math.floor((bottom - this.startY() - headHeight) / rowHeight - 0.01))
  }

  // Column widths from the header and the first rows, fitted to the page; row heights with them.
  private measure(sample: string[][]) {
    const doc = this.doc
    const available = doc.internal.pageSize.width - 2 * MARGIN
    const textWidth = (text: string, bold: boolean) => {
      doc.setFont('helvetica', bold ? 'bold' : 'normal')
      doc.setFontSize(FONT_SIZE)
      return doc.getTextWidth(text) + 2 * PADDING + 1
    }
    const widths = this.header.map((name, index) => {
      let width = textWidth(name, true)
      for (const row of sample) width = Math.max(width, textWidth(row[index] ?? '', false) * SLACK)
      return width
    })
    // The last column is free text: it takes what is left, down to a minimum.
    const last = widths.length - 1
    const fixed = widths.slice(0, last).reduce((sum, width) => sum + width, 0)
    widths[last] = Math.max(MIN_TEXT_COLUMN, available - fixed)
    const total = widths.reduce((sum, width) => sum + width, 0)
    const fitted = total > available ? widths.map((width) => (width * available) / total) : widths
    // A row is one line; the header as many as its longest wrapped name.
    const lines = Math.max(1, ...this.headerLines(fitted).map((name) => name.length))
    const lineHeight = FONT_SIZE * doc.getLineHeightFactor()
    return {
      widths: fitted,
      rowHeight: lineHeight + 2 * PADDING,
      headHeight: lines * lineHeight + 2 * PADDING,
    }
  }

  // Each header name wrapped to its column, in the header's bold font.
  private headerLines(widths: number[]): string[][] {
    const doc = this.doc
    doc.setFont('helvetica', 'bold')
    doc.setFontSize(FONT_SIZE)
    return this.header.map(
      (name, column) => doc.splitTextToSize(name, (widths[column] ?? 0) - 2 * PADDING) as string[],
    )
  }

  private drawPage(rows: string[][]): void {
    const doc = this.doc
    const layout = (this.layout ??= this.measure(
      rows.length > 0 ? rows.slice(0, 64) : [this.header],
    ))
    if (this.pagesDrawn > 0) doc.addPage()
    const top = this.startY()
    this.drawHeader(top, layout)
    this.pagesDrawn = doc.getNumberOfPages()
    this.finalY = this.drawRows(rows, top + layout.headHeight, layout)
    // A page's instructions as one string, not thousands of small ones. In place: jspdf keeps
    // writing to the current page's array.
    const pages = (doc.internal as unknown as { pages: (string[] | null)[] }).pages
    for (let page = 1; page < pages.length; page++) {
      const content = pages[page]
      if (content && content.length > 1) content.splice(0, content.length, content.join('\n'))
    }
  }

  // The header row at `top`: white bold names on the dark band, wrapped within their columns.
  private drawHeader(top: number, layout: Layout): void {
    const doc = this.doc
    const amounts = new Set(this.head.amountColumns)
    doc.setFillColor(...HEAD_FILL)
    doc.rect(
      MARGIN,
      top,
      layout.widths.reduce((sum, width) => sum + width, 0),
      layout.headHeight,
      'F',
    )
    const names = this.headerLines(layout.widths)
    doc.setTextColor(255)
    let left = MARGIN
    names.forEach((lines, column) => {
      const width = layout.widths[column] ?? 0
      const right = amounts.has(column)
      doc.text(lines, right ? left + width - PADDING : left + PADDING, top + PADDING, {
        align: right ? 'right' : 'left',
        baseline: 'top',
      })
      left += width
    })
  }

  /**
   * The rows of one page from `top`, as the header's columns lay them out: a stripe under every
   * other row, each cell's text on one line (cut with an ellipsis where it would overflow), amounts
   * to the right. Drawn directly rather than by jspdf-autotable, which styles every cell anew (its
   * font lookups alone were a quarter of an export's drawing). Returns where the rows end.
   */
  private drawRows(rows: string[][], top: number, layout: Layout): number {
    const doc = this.doc
    const pageWidth = doc.internal.pageSize.width
    const amounts = new Set(this.head.amountColumns)
    const lefts = layout.widths.map((_, index) =>
      layout.widths.slice(0, index).reduce((sum, width) => sum + width, MARGIN),
    )
    doc.setFillColor(...STRIPE_FILL)
    rows.forEach((_, index) => {
      if (index % 2 === 0) return
      const y = top + index * layout.rowHeight
      doc.rect(MARGIN, y, pageWidth - 2 * MARGIN, layout.rowHeight, 'F')
    })
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(FONT_SIZE)
    doc.setTextColor(20)
    const unit = FONT_SIZE / doc.internal.scaleFactor
    const widthOf = (text: string) => doc.getStringUnitWidth(text) * unit
    rows.forEach((row, index) => {
      const middle = top + (index + 0.5) * layout.rowHeight
      row.forEach((cell, column) => {
        if (cell === '') return
        const room = (layout.widths[column] ?? 0) - 2 * PADDING
        const text = fitted(cell, room, widthOf)
        const left = lefts[column] ?? MARGIN
        if (amounts.has(column)) {
          doc.text(text, left + (layout.widths[column] ?? 0) - PADDING, middle, {
            align: 'right',
            baseline: 'middle',
          })
        } else {
          doc.text(text, left + PADDING, middle, { baseline: 'middle' })
        }
      })
    })
    return top + rows.length * layout.rowHeight
  }
}

interface Layout {
  widths: number[]
  rowHeight: number
  headHeight: number
}

// `text` cut to fit `room` points, ending in '...' as jspdf-autotable's ellipsis does.
function fitted(text: string, room: number, widthOf: (text: string) => number): string {
  if (widthOf(text) <= room) return text
  let end = text.length
  while (end > 0 && widthOf(`${text.slice(0, end).trimEnd()}...`) > room) end--
  return end > 0 ? `${text.slice(0, end).trimEnd()}...` : ''
}
