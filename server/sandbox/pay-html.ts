// The parts the sandbox's customer pages share: the payment link's page (/pay/{intentId}) and the
// Scan to Pay page (/pay?submerchant=). Mobile first, no script at all (plain forms), styles from
// same-origin stylesheets (CSP without unsafe-inline).
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { badRequest, HttpError } from '../errors'
import { brandStylesheetHref, customerPage, escapeHtml, wantsHtml } from './html'
import { PROOF_CSS } from './proof-html'
import { TEST_CARDS } from './test-cards'

const e = escapeHtml

export function payHtml(title: string, body: string, operatorId?: string): string {
  const stylesheets = ['/pay/assets/pay.css']
  if (operatorId) stylesheets.push(brandStylesheetHref(operatorId))
  return customerPage({ title, mainClass: 'pay', body, stylesheets })
}

export function testCardList(): string {
  const items = Object.entries(TEST_CARDS)
    .map(
      ([number, card]) =>
        `<li><code>${e(number.replace(/(\d{4})(?=\d)/g, '$1 '))}</code> ${e(card.label)}</li>`,
    )
    .join('')
  return `<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Sandbox test cards</h2>
<p>Any future expiry date and any 3-digit security code.</p>
<ul>${items}</ul>
</section>`
}

// A labelled input with an optional hint under its label; `error` (if any) is shown under it.
// Both are named by aria-describedby.
export function formField(
  name: string,
  label: string,
  attrs: string,
  error: string | null,
  value = '',
  hint?: string,
): string {
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : '']
    .filter(Boolean)
    .join(' ')
  const aria = `${error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}`
  return `<p class="field"><label for="${name}">${e(label)}</label>
${hint ? `<span class="hint" id="${name}-hint">${e(hint)}</span>\n` : ''}<input id="${name}" name="${name}" ${attrs} value="${e(value)}" required${aria}>
${error ? `<span class="error" id="${name}-error">${e(error)}</span>` : ''}</p>`
}

// The card number, expiry and security code inputs, with the error of the one that failed.
export function cardFields(error: { field: string; message: string } | null): string {
  const errorOf = (name: string) => (error?.field === name ? error.message : null)
  return `${formField('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', errorOf('cardNumber'))}
<div class="row">
${formField('expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', errorOf('expiry'))}
${formField('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', errorOf('cvc'))}
</div>`
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** A page's form post: a form media type (else 415) that parses (else 400), never a 500. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.includes(mediaType)) {
    throw new HttpError(415, 'Content-Type must be a form', 'unsupported_media_type')
  }
  try {
    return await c.req.parseBody()
  } catch {
    throw badRequest('Malformed form body', undefined, 'invalid_form')
  }
}

export function formValue(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  return typeof value === 'string' ? value.slice(0, 64) : ''
}

// A browser (Accept: text/html) gets the page; anything else the API's one error body.
export function refuse(
  c: Context<AppEnv>,
  status: 400 | 404 | 409,
  html: string,
  message: string,
  code: string,
): Response {
  if (wantsHtml(c.req.header('accept'))) return c.html(html, status)
  return c.json({ message, code }, status)
}

export function noStore(c: Context<AppEnv>): void {
  // A card form and personal payment data: never kept by any cache.
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex')
}

export const PAY_CSS = `:root { --brand: #1f2937; --ink: #111827; --muted: #4b5563; --line: #d1d5db; --bad: #b91c1c; --surface: #fff; --page: #f3f4f6; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--page); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.pay { max-width: 28rem; margin: 0 auto; padding: 1.25rem; background: var(--surface); min-height: 100vh; border-top: 6px solid var(--brand); }
@media (min-width: 30rem) { .pay { margin: 1.5rem auto; min-height: 0; border-radius: 0.5rem; } }
.brand { display: flex; align-items: center; gap: 0.75rem; }
.brand img { width: 40px; height: 40px; }
.brand-name { margin: 0; font-weight: 600; }
.merchant { margin: 1rem 0 0; color: var(--muted); }
.amount { margin: 0 0 0.5rem; font-size: 2.25rem; font-variant-numeric: tabular-nums; }
.title { margin: 1.25rem 0 1rem; font-size: 1.75rem; line-height: 1.2; overflow-wrap: anywhere; }
.facts { margin: 0 0 1rem; }
.facts div { display: flex; justify-content: space-between; gap: 1rem; padding: 0.375rem 0; border-bottom: 1px solid var(--line); }
.facts dt { color: var(--muted); } .facts dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.field { margin: 0 0 0.75rem; display: flex; flex-direction: column; gap: 0.25rem; flex: 1; min-width: 0; }
label { font-weight: 600; }
input { min-height: 44px; padding: 0 0.75rem; border: 1px solid #6b7280; border-radius: 0.375rem; font: inherit; width: 100%; background: var(--surface); color: var(--ink); }
input[aria-invalid="true"] { border-color: var(--bad); }
#amount { font-size: 1.5rem; font-variant-numeric: tabular-nums; }
.error { color: var(--bad); font-size: 0.9375rem; }
.row { display: flex; gap: 0.75rem; flex-wrap: wrap; }
.row form { flex: 1; }
button { min-height: 44px; width: 100%; padding: 0 1.25rem; border: 0; border-radius: 0.375rem; background: var(--brand); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: transparent; color: var(--ink); border: 1px solid var(--ink); }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
a { color: inherit; }
.notice { padding: 0.75rem; border-radius: 0.375rem; background: #fef2f2; color: var(--bad); }
.hint, .secure { color: var(--muted); font-size: 0.9375rem; }
.state { padding: 1rem; border-radius: 0.375rem; background: #f9fafb; border: 1px solid var(--line); }
.state h2, .challenge h2 { margin: 0 0 0.25rem; font-size: 1.25rem; }
.test-cards { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: 0.9375rem; }
.test-cards h2 { font-size: 1rem; margin: 0; }
.test-cards ul { padding-left: 1.25rem; margin: 0.5rem 0 0; }
code { font-size: 0.9375rem; }
${PROOF_CSS}@media (prefers-color-scheme: dark) {
  :root { --ink: #f3f4f6; --muted: #d1d5db; --line: #374151; --surface: #111827; --page: #030712; --bad: #fca5a5; }
  .notice { background: #450a0a; } .state { background: #1f2937; }
  button { background: #f3f4f6; color: #111827; }
}
`
