import { jsPDF } from 'jspdf'
import { autoTable } from 'jspdf-autotable'

// jspdf's built-in fonts speak Windows-1252: Latin-1 plus these. Anything else would print as
// garbage, so it prints as '?' instead (the CSV keeps every character).
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

export function pdfSafe(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    out += printable || CP1252_EXTRAS.has(char) ? char : code < 0x20 ? ' ' : '?'
  }
  return out
}

export interface PdfExport {
  title: string
  subtitle: string
  header: string[]
  rows: string[][]
  summary: string[][] | null
  // Columns (by index) that hold amounts, right-aligned.
  amountColumns: number[]
}

/**
 * A4 landscape: the title and range, the table with its header row on every page, the summary
 * after the last row, and "Page n of N" at the foot of each page.
 */
export function writePdf(data: PdfExport): Blob {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true })
  const margin = 32
  doc.setProperties({ title: data.title, subject: data.subtitle })
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(16)
  doc.text(pdfSafe(data.title), margin, margin + 8)
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(10)
  doc.text(pdfSafe(data.subtitle), margin, margin + 26)

  const columnStyles = Object.fromEntries(
    data.amountColumns.map((index) => [index, { halign: 'right' as const }]),
  )
  autoTable(doc, {
    head: [data.header.map(pdfSafe)],
    body: data.rows.map((row) => row.map(pdfSafe)),
    startY: margin + 40,
    margin: { left: margin, right: margin, top: margin, bottom: margin + 16 },
    showHead: 'everyPage',
    theme: 'striped',
    styles: { fontSize: 6.5, cellPadding: 2.5, overflow: 'linebreak' },
    headStyles: { fillColor: [32, 45, 64], textColor: 255, fontStyle: 'bold' },
    columnStyles,
  })

  if (data.summary) {
    const finalY = (doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY
    autoTable(doc, {
      head: [['Summary', '', '']],
      body: data.summary.map((row) => row.map(pdfSafe)),
      startY: (finalY ?? margin) + 18,
      margin: { left: margin, right: margin, top: margin, bottom: margin + 16 },
      tableWidth: 260,
      pageBreak: 'avoid',
      theme: 'grid',
      styles: { fontSize: 9, cellPadding: 3 },
      headStyles: { fillColor: [32, 45, 64], textColor: 255, fontStyle: 'bold' },
      columnStyles: { 1: { halign: 'right' } },
    })
  }

  const pages = doc.getNumberOfPages()
  doc.setFontSize(8)
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    const { width, height } = doc.internal.pageSize
    doc.text(`Page ${page} of ${pages}`, width - margin, height - margin / 2 - 4, {
      align: 'right',
    })
  }
  return doc.output('blob')
}
