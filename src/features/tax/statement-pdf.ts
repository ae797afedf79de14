import { jsPDF } from 'jspdf'
import type { TaxFigures, TaxYearSummary } from '@/api/schema/tax-year'
import { formatMoney } from '@/lib/money'
import { pdfSafe } from '@/lib/pdf-text'
import {
  CARD_ONLY_NOTE,
  formatTaxDate,
  NOT_SENT_NOTE,
  quarterTitle,
} from '@/features/tax/tax-texts'

// The annual statement (docs/screens.md#tax-year), made on the device: jspdf is loaded with this
// module, by import() from the Tax year screen only.

const MARGIN = 48
const LINE = 16

const COLUMNS: { label: string; value: (figures: TaxFigures) => number }[] = [
  { label: 'Sales', value: (f) => f.salesAmount },
  { label: 'Refunds', value: (f) => f.refundsAmount },
  { label: 'Disputes', value: (f) => f.disputesAmount },
  { label: 'Income', value: (f) => f.income },
  { label: 'Card fees', value: (f) => f.cardFees },
]

export function makeAnnualStatement(accountName: string, summary: TaxYearSummary): Blob {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' })
  const width = doc.internal.pageSize.getWidth()
  const right = width - MARGIN
  const money = (minor: number) => pdfSafe(formatMoney(minor, summary.currency))
  let y = MARGIN + 8
  doc.setFont('helvetica', 'bold').setFontSize(18)
  doc.text(pdfSafe(`Annual statement ${summary.taxYear}`), MARGIN, y)
  y += LINE * 1.6
  doc.setFont('helvetica', 'normal').setFontSize(11)
  doc.text(pdfSafe(accountName), MARGIN, y)
  y += LINE
  doc.text(
    pdfSafe(
      `Tax year ${summary.taxYear}: ${formatTaxDate(summary.startDate)} to ${formatTaxDate(summary.endDate)}, ${summary.periods} quarters`,
    ),
    MARGIN,
    y,
  )
  y += LINE * 2

  // The quarters, one row each, then the year's totals.
  const columnWidth = (right - MARGIN - 150) / COLUMNS.length
  const header = (label: string, index: number) =>
    doc.text(label, MARGIN + 150 + columnWidth * (index + 1), y, { align: 'right' })
  doc.setFont('helvetica', 'bold').setFontSize(10)
  doc.text('Quarter', MARGIN, y)
  COLUMNS.forEach((column, index) => header(column.label, index))
  y += 6
  doc.setLineWidth(0.5).line(MARGIN, y, right, y)
  y += LINE
  const row = (title: string, detail: string, figures: TaxFigures, bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(10)
    doc.text(pdfSafe(title), MARGIN, y)
    COLUMNS.forEach((column, index) =>
      doc.text(money(column.value(figures)), MARGIN + 150 + columnWidth * (index + 1), y, {
        align: 'right',
      }),
    )
    y += LINE * 0.8
    doc.setFont('helvetica', 'normal').setFontSize(8)
    doc.text(pdfSafe(detail), MARGIN, y)
    y += LINE * 1.2
  }
  for (const quarter of summary.quarters) {
    row(
      quarterTitle(quarter.quarter),
      `${formatTaxDate(quarter.startDate)} to ${formatTaxDate(quarter.endDate)}, update due ${formatTaxDate(quarter.deadline)}`,
      quarter,
    )
  }
  doc.setLineWidth(0.5).line(MARGIN, y - LINE * 0.6, right, y - LINE * 0.6)
  row('Year total', `${summary.totals.salesCount} card payments`, summary.totals, true)
  y += LINE
  doc.setFont('helvetica', 'normal').setFontSize(10)
  for (const note of [CARD_ONLY_NOTE, NOT_SENT_NOTE]) {
    const lines = doc.splitTextToSize(pdfSafe(note), right - MARGIN) as string[]
    doc.text(lines, MARGIN, y)
    y += LINE * lines.length + 4
  }
  return doc.output('blob')
}
