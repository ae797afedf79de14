import { jsPDF } from 'jspdf'
import { pdfSafe } from '@/lib/pdf-text'
import { QR_QUIET_ZONE, type QrMatrix } from '@/lib/qr'

export interface ScanKitInput {
  accountName: string
  link: string
  // The QR of `link` (src/lib/qr.ts), drawn as vector squares: sharp on any printer.
  qr: QrMatrix
  // One card per label; none gives one sheet of unlabelled cards.
  labels: readonly string[]
}

const MARGIN = 48
const INK = 20
const MUTED = 85
const CARD_COLUMNS = 2
const CARD_ROWS = 4
const CARDS_PER_SHEET = CARD_COLUMNS * CARD_ROWS
const CARD_PADDING = 12

export const KIT_INSTRUCTIONS = [
  "Open your phone's camera and point it at the code.",
  'Tap the link that appears: the secure payment page opens.',
  'Enter the amount for your journey, then your card details.',
  'Show the driver the confirmation on your screen.',
]

type Doc = InstanceType<typeof jsPDF>

// Dark squares of the code, `side` points wide including the quiet zone, top left at (x, y).
function drawQr(doc: Doc, qr: QrMatrix, x: number, y: number, side: number): void {
  const module = side / (qr.size + 2 * QR_QUIET_ZONE)
  // Rows overlap by a hair so no viewer shows a seam between them.
  const seam = module * 0.04
  doc.setFillColor(0, 0, 0)
  for (const run of qr.runs) {
    doc.rect(
      x + (run.x + QR_QUIET_ZONE) * module,
      y + (run.y + QR_QUIET_ZONE) * module,
      run.length * module,
      module + seam,
      'F',
    )
  }
}

// The text at the largest size from `size` down to `minSize` that fits; below that, cut with '…'.
function fitText(doc: Doc, text: string, width: number, size: number, minSize: number): string {
  let fitted = size
  doc.setFontSize(fitted)
  while (fitted > minSize && doc.getTextWidth(text) > width) {
    fitted -= 0.5
    doc.setFontSize(fitted)
  }
  if (doc.getTextWidth(text) <= width) return text
  let cut = text
  while (cut.length > 1 && doc.getTextWidth(`${cut}…`) > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

function centred(doc: Doc, lines: string | string[], y: number): void {
  doc.text(lines, doc.internal.pageSize.getWidth() / 2, y, { align: 'center', baseline: 'top' })
}

// Page 1: the poster for a window or a dashboard, with a large code and how to pay.
function drawPoster(doc: Doc, input: ScanKitInput, account: string, link: string): void {
  const width = doc.internal.pageSize.getWidth()
  const textWidth = width - 2 * MARGIN
  doc.setTextColor(MUTED)
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(13)
  centred(doc, 'SCAN TO PAY', MARGIN)
  doc.setTextColor(INK)
  doc.setFontSize(30)
  const name = doc.splitTextToSize(account, textWidth).slice(0, 2) as string[]
  centred(doc, name, MARGIN + 22)
  let y = MARGIN + 22 + name.length * 34 + 6
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(16)
  centred(doc, 'Pay by card with your phone, for any amount', y)
  y += 34

  // About 12 cm: a phone reads it from across a cab.
  const side = 340
  drawQr(doc, input.qr, (width - side) / 2, y, side)
  y += side + 6
  doc.setFontSize(11)
  const linkLines = doc.splitTextToSize(link, textWidth) as string[]
  centred(doc, linkLines, y)
  y += linkLines.length * 14 + 26

  doc.setFont('helvetica', 'bold')
  doc.setFontSize(15)
  doc.text('How to pay', MARGIN, y, { baseline: 'top' })
  y += 26
  doc.setFontSize(13)
  KIT_INSTRUCTIONS.forEach((step, index) => {
    doc.setFont('helvetica', 'bold')
    doc.text(`${index + 1}.`, MARGIN, y, { baseline: 'top' })
    doc.setFont('helvetica', 'normal')
    doc.text(step, MARGIN + 20, y, { baseline: 'top', maxWidth: textWidth - 20 })
    y += 22
  })
  y += 10
  doc.setFontSize(10)
  doc.setTextColor(MUTED)
  doc.text(
    [
      'No app needed. You enter your card on the payment page; the driver never sees it.',
      "Can't scan? Type the link above into your browser.",
    ],
    MARGIN,
    y,
    { baseline: 'top', lineHeightFactor: 1.5 },
  )
}

// One cut-out card: the vehicle's label, a code, and a line of how to pay.
function drawCard(
  doc: Doc,
  input: ScanKitInput,
  box: { x: number; y: number; width: number; height: number },
  texts: { account: string; link: string; label: string },
): void {
  doc.setLineDashPattern([4, 3], 0)
  doc.setDrawColor(140)
  doc.setLineWidth(0.6)
  doc.rect(box.x, box.y, box.width, box.height, 'S')
  doc.setLineDashPattern([], 0)

  const inner = box.width - 2 * CARD_PADDING
  let top = box.y + CARD_PADDING
  doc.setTextColor(INK)
  if (texts.label) {
    doc.setFont('helvetica', 'bold')
    const label = fitText(doc, texts.label, inner, 16, 10)
    doc.text(label, box.x + CARD_PADDING, top, { baseline: 'top' })
    top += 22
  }
  // The code's own quiet zone is its margin: the box starts near the card's edge.
  const side = box.y + box.height - CARD_PADDING / 2 - top
  const qrX = box.x + CARD_PADDING / 2
  drawQr(doc, input.qr, qrX, top, side)

  const x = qrX + side
  const width = box.x + box.width - CARD_PADDING - x
  let y = top + 12
  doc.setFont('helvetica', 'bold')
  doc.setFontSize(13)
  doc.text('Scan to pay', x, y, { baseline: 'top' })
  y += 18
  doc.setFontSize(9)
  const name = (doc.splitTextToSize(texts.account, width) as string[]).slice(0, 2)
  doc.text(name, x, y, { baseline: 'top' })
  y += name.length * 11 + 4
  doc.setFont('helvetica', 'normal')
  doc.setFontSize(8)
  const how = doc.splitTextToSize('Point your phone camera at the code and pay by card.', width)
  doc.text(how, x, y, { baseline: 'top' })
  y += (how as string[]).length * 10 + 4
  doc.setTextColor(MUTED)
  doc.setFontSize(6)
  doc.text(doc.splitTextToSize(texts.link, width), x, y, { baseline: 'top' })
}

// The sheets of cards, eight to an A4 page, with dashed lines to cut along.
function drawCardSheets(doc: Doc, input: ScanKitInput, account: string, link: string): void {
  const width = doc.internal.pageSize.getWidth()
  const height = doc.internal.pageSize.getHeight()
  const edge = 36
  const header = 44
  const cardWidth = (width - 2 * edge) / CARD_COLUMNS
  const cardHeight = (height - 2 * edge - header) / CARD_ROWS
  const labels = input.labels.length > 0 ? input.labels : Array<string>(CARDS_PER_SHEET).fill('')
  const sheets = Math.ceil(labels.length / CARDS_PER_SHEET)
  for (let sheet = 0; sheet < sheets; sheet++) {
    doc.addPage()
    doc.setTextColor(INK)
    doc.setFont('helvetica', 'bold')
    doc.setFontSize(12)
    const title = fitText(doc, `${account}: vehicle cards`, width - 2 * edge - 80, 12, 9)
    doc.text(title, edge, edge, { baseline: 'top' })
    doc.setFont('helvetica', 'normal')
    doc.setFontSize(9)
    doc.setTextColor(MUTED)
    doc.text(`Sheet ${sheet + 1} of ${sheets}`, width - edge, edge, {
      baseline: 'top',
      align: 'right',
    })
    doc.text('Cut along the dashed lines: one card for each vehicle.', edge, edge + 17, {
      baseline: 'top',
    })
    const onSheet = labels.slice(sheet * CARDS_PER_SHEET, (sheet + 1) * CARDS_PER_SHEET)
    onSheet.forEach((label, index) => {
      const box = {
        x: edge + (index % CARD_COLUMNS) * cardWidth,
        y: edge + header + Math.floor(index / CARD_COLUMNS) * cardHeight,
        width: cardWidth,
        height: cardHeight,
      }
      drawCard(doc, input, box, { account, link, label: pdfSafe(label) })
    })
  }
}

/**
 * The printable Scan to Pay kit, made on the device with no network: an A4 poster (the account,
 * a large code, the link and how to pay) and sheets of cut-out cards, one per vehicle.
 */
export function makeScanKit(input: ScanKitInput): Blob {
  const doc = new jsPDF({
    orientation: 'portrait',
    unit: 'pt',
    format: 'a4',
    compress: true,
    floatPrecision: 2,
  })
  const account = pdfSafe(input.accountName)
  const link = pdfSafe(input.link)
  doc.setProperties({ title: `${account} Scan to Pay kit`, subject: link })
  drawPoster(doc, input, account, link)
  drawCardSheets(doc, input, account, link)
  return doc.output('blob')
}
