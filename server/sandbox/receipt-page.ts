import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { DATE_TIME_FORMAT } from '@/config/limits'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { operators, paymentFacilitators, receipts, sales, submerchants } from '../db/schema/core'
import { brandHeader, brandStylesheetHref, customerPage, escapeHtml } from './html'
import { PROOF_CSS, proofSection, saleProofUrl } from './proof-html'

dayjs.extend(utc)
dayjs.extend(timezone)

// Receipts show the merchant's local time (the fleets are in the UK).
export const RECEIPT_TIME_ZONE = 'Europe/London'
const FALLBACK_COLOUR = '#1f2937'
const RECEIPT_CSS_HREF = '/receipts/assets/receipt.css'
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export interface ReceiptView {
  receiptId: string
  saleId: string
  submerchantId: string
  merchantName: string
  operatorId: string
  brandName: string
  brandColour: string
  logoPath: string
  // The operator's receipt site, else the payment facilitator's (docs/api.md#sales-refunds-and-receipts).
  receiptHost: string
  amount: number
  saleAmount: number
  gratuityAmount: number
  currency: string
  method: string
  cardScheme: string
  panLastFour: string
  authCode: string
  retrievalReferenceNumber: string
  terminalSerialNumber: string | null
  capturedAt: Date
}

// Everything a receipt shows, or null for an unknown receipt.
export async function findReceipt(db: Db, receiptId: string): Promise<ReceiptView | null> {
  const [row] = await db
    .select({
      receiptId: receipts.id,
      saleId: sales.id,
      submerchantId: receipts.submerchantId,
      merchantName: submerchants.name,
      operatorId: operators.id,
      brandName: operators.brandName,
      brandColour: operators.themeColour,
      logoPath: operators.logoPath,
      operatorReceiptHost: operators.receiptHost,
      facilitatorReceiptHost: paymentFacilitators.receiptHost,
      amount: sales.amount,
      saleAmount: sales.saleAmount,
      gratuityAmount: sales.gratuityAmount,
      currency: sales.currency,
      method: sales.method,
      cardScheme: sales.cardScheme,
      panLastFour: sales.panLastFour,
      authCode: sales.authCode,
      retrievalReferenceNumber: sales.retrievalReferenceNumber,
      terminalSerialNumber: sales.terminalSerialNumber,
      capturedAt: sales.capturedAt,
    })
    .from(receipts)
    .innerJoin(sales, eq(sales.id, receipts.saleId))
    .innerJoin(submerchants, eq(submerchants.id, receipts.submerchantId))
    .innerJoin(operators, eq(operators.id, submerchants.operatorId))
    .innerJoin(paymentFacilitators, eq(paymentFacilitators.id, submerchants.paymentFacilitatorId))
    .where(eq(receipts.id, receiptId))
  if (!row) return null
  const { operatorReceiptHost, facilitatorReceiptHost, ...view } = row
  return { ...view, receiptHost: operatorReceiptHost || facilitatorReceiptHost }
}

export function receiptPath(receiptId: string): string {
  return `/receipts/${encodeURIComponent(receiptId)}`
}

export function formatReceiptTime(at: Date): string {
  return dayjs(at).tz(RECEIPT_TIME_ZONE).format(DATE_TIME_FORMAT)
}

function row(label: string, value: string, className = ''): string {
  const cls = className ? ` class="${escapeHtml(className)}"` : ''
  return `<div${cls}><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`
}

// The printable receipt; every value is escaped text, styles come from same-origin stylesheets (CSP).
// `proof`: the sale's proof of payment section (proof-html.ts).
export function renderReceipt(view: ReceiptView, proof = ''): string {
  const money = (minor: number) => formatMoney(minor, view.currency)
  const rows = [
    row('Date', formatReceiptTime(view.capturedAt)),
    row('Fare', money(view.saleAmount)),
    ...(view.gratuityAmount > 0 ? [row('Tip', money(view.gratuityAmount))] : []),
    row('Total', money(view.amount), 'total'),
    row('Card', `${prettify(view.cardScheme)} •••• ${view.panLastFour}`),
    row('Method', prettify(view.method)),
    row('Auth code', view.authCode),
    row('RRN', view.retrievalReferenceNumber),
    ...(view.terminalSerialNumber ? [row('Terminal', view.terminalSerialNumber)] : []),
    row('Receipt', view.receiptId),
  ].join('\n')
  return customerPage({
    title: `Receipt – ${view.merchantName}`,
    mainClass: 'receipt',
    stylesheets: [RECEIPT_CSS_HREF, brandStylesheetHref(view.operatorId)],
    scripts: ['/receipts/assets/receipt.js'],
    body: `${brandHeader(view)}
<h1>${escapeHtml(view.merchantName)}</h1>
<p class="status">Payment approved</p>
<dl>
${rows}
</dl>
<p class="thanks">Thank you for travelling with ${escapeHtml(view.merchantName)}.</p>
${proof}
<p class="actions"><button type="button" data-action="print">Print</button></p>`,
  })
}

export function notFoundReceipt(): string {
  return customerPage({
    title: 'Receipt not found',
    mainClass: 'receipt',
    stylesheets: [RECEIPT_CSS_HREF],
    body: `<h1>Receipt not found</h1>
<p>Check the link you were sent, or ask the driver to send the receipt again.</p>`,
  })
}

export function brandStylesheet(colour: string | null): string {
  const safe = colour && HEX_COLOUR.test(colour) ? colour : FALLBACK_COLOUR
  return `:root { --brand: ${safe}; }\n`
}

export const RECEIPT_CSS = `:root { --brand: ${FALLBACK_COLOUR}; --ink: #111827; --muted: #4b5563; --line: #e5e7eb; }
* { box-sizing: border-box; }
body { margin: 0; background: #f3f4f6; color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.receipt { max-width: 26rem; margin: 1.5rem auto; padding: 1.5rem; background: #fff; border-top: 6px solid var(--brand); border-radius: 0.5rem; }
.brand { display: flex; align-items: center; gap: 0.75rem; }
.brand img { width: 40px; height: 40px; }
.brand-name { margin: 0; font-weight: 600; color: var(--brand); }
h1 { font-size: 1.375rem; margin: 1rem 0 0.25rem; }
.status { margin: 0 0 1rem; color: var(--muted); }
dl { margin: 0; }
dl > div { display: flex; justify-content: space-between; gap: 1rem; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
dt { color: var(--muted); }
dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.total { font-weight: 700; font-size: 1.125rem; }
.thanks { margin-top: 1rem; color: var(--muted); }
${PROOF_CSS}button { min-height: 44px; padding: 0 1.25rem; border: 0; border-radius: 0.375rem; background: var(--brand); color: #fff; font: inherit; cursor: pointer; }
button:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  body { background: #111827; }
}
@media print {
  @page { margin: 12mm; }
  body { background: #fff; font-size: 12pt; }
  .receipt { margin: 0 auto; border-radius: 0; box-shadow: none; }
  .actions { display: none; }
  .brand-name { color: #000; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`

// Progressive enhancement: the Print button needs script, which CSP allows only from this origin.
// ?print=1 (the portal's Print action) opens the print dialog once the page has loaded.
export const RECEIPT_JS = `document.addEventListener('click', function (event) {
  var target = event.target
  if (target instanceof Element && target.closest('[data-action="print"]')) window.print()
})
if (new URLSearchParams(location.search).get('print') === '1') {
  window.addEventListener('load', function () {
    window.print()
  })
}
`

// GET /receipts/{receiptId}: public by its unguessable id, like a provider's hosted receipt.
export function receiptPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/assets/receipt.css', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(RECEIPT_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' })
  })

  app.get('/assets/receipt.js', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(RECEIPT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' })
  })

  app.get('/brands/:operatorId', async (c) => {
    const [operator] = await c
      .get('deps')
      .db.db.select({ colour: operators.themeColour })
      .from(operators)
      .where(eq(operators.id, c.req.param('operatorId')))
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(brandStylesheet(operator?.colour ?? null), 200, {
      'Content-Type': 'text/css; charset=utf-8',
    })
  })

  app.get('/:receiptId', async (c) => {
    const view = await findReceipt(c.get('deps').db.db, c.req.param('receiptId'))
    // Personal payment data: never kept by shared caches.
    c.header('Cache-Control', 'private, no-store')
    c.header('X-Robots-Tag', 'noindex')
    if (!view) return c.html(notFoundReceipt(), 404)
    const proofUrl = await saleProofUrl(c, view.saleId)
    return c.html(renderReceipt(view, proofUrl ? await proofSection(proofUrl) : ''))
  })

  return app
}
