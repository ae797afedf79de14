// The proof of payment on the customer's pages (pay page, Scan to Pay, receipt): a QR code of the
// proof's link for the driver's app to scan, and the link itself (docs/api.md#payment-proofs).
import type { Context } from 'hono'
import { makeQrMatrix, QR_QUIET_ZONE, qrSvgPath } from '@/lib/qr'
import type { AppEnv } from '../context'
import { proofOfSale, proofPath } from '../domain/payment-proofs'
import { absoluteUrl } from '../lib/public-url'
import { escapeHtml as e } from './html'

export const PROOF_TITLE = 'Show this to your driver'

// The absolute link of a sale's proof, or null for an unknown sale.
export async function saleProofUrl(c: Context<AppEnv>, saleId: string): Promise<string | null> {
  const { db, clock } = c.get('deps')
  const proof = await proofOfSale(db.db, saleId, clock.now())
  return proof ? absoluteUrl(c, proofPath(proof.token)) : null
}

// The section with the code and the link; the code is drawn here as SVG (no script on these pages).
export async function proofSection(url: string): Promise<string> {
  const matrix = await makeQrMatrix(url)
  const side = matrix.size + 2 * QR_QUIET_ZONE
  return `<section class="proof" aria-labelledby="proof-title">
<h2 id="proof-title">${e(PROOF_TITLE)}</h2>
<p class="hint">Their app checks this proof of payment, even with no signal.</p>
<svg class="proof-qr" viewBox="0 0 ${side} ${side}" role="img" aria-label="QR code of the proof of payment" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${qrSvgPath(matrix)}" fill="#000"/></svg>
<p class="proof-link"><a href="${e(url)}">Open the proof of payment</a></p>
</section>`
}

// Shared by the pay page's and the receipt's stylesheets.
export const PROOF_CSS = `.proof { margin-top: 1.25rem; text-align: center; }
.proof h2 { margin: 0 0 0.25rem; font-size: 1.25rem; }
.proof .hint { margin: 0 0 0.75rem; color: var(--muted); }
.proof-qr { display: block; width: min(100%, 280px); height: auto; margin: 0 auto; border-radius: 0.25rem; }
.proof-link { margin: 0.75rem 0 0; overflow-wrap: anywhere; }
.proof-link a { display: inline-block; min-height: 44px; line-height: 44px; }
`
