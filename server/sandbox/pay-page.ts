// The sandbox checkout page /pay/{intentId}: public by the link's unguessable id, mobile first,
// no script at all (plain forms), styles from same-origin stylesheets (CSP without unsafe-inline).
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { formatMoney } from '@/lib/money'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { intents, operators, submerchants } from '../db/schema/core'
import {
  checkCard,
  completeChallenge,
  PAYABLE_STATUSES,
  payIntent,
  TEST_CARDS,
  type CardCheck,
} from '../domain/intent-payments'
import { expireDueIntents, payPath, type IntentRow } from '../domain/intents'
import { publicOrigin } from '../lib/public-url'
import { clientIp } from '../middleware/abuse-limits'
import { escapeHtml, wantsHtml } from './html'

interface PayView {
  intent: IntentRow
  merchantName: string
  operatorId: string
  brandName: string
  logoPath: string
}

async function findPayView(db: Db, intentId: string, now: Date): Promise<PayView | null> {
  const [owner] = await db
    .select({ submerchantId: intents.submerchantId })
    .from(intents)
    .where(eq(intents.id, intentId))
  if (!owner) return null
  await expireDueIntents(db, { submerchantId: owner.submerchantId, intentId }, now)
  const [row] = await db
    .select({
      intent: intents,
      merchantName: submerchants.name,
      operatorId: operators.id,
      brandName: operators.brandName,
      logoPath: operators.logoPath,
    })
    .from(intents)
    .innerJoin(submerchants, eq(submerchants.id, intents.submerchantId))
    .innerJoin(operators, eq(operators.id, submerchants.operatorId))
    .where(eq(intents.id, intentId))
  return row ?? null
}

const e = escapeHtml

function page(title: string, body: string, operatorId?: string): string {
  const brand = operatorId
    ? `\n<link rel="stylesheet" href="/receipts/brands/${e(encodeURIComponent(operatorId))}">`
    : ''
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<link rel="stylesheet" href="/pay/assets/pay.css">${brand}
</head>
<body>
<main class="pay">
${body}
</main>
</body>
</html>
`
}

function header(view: PayView): string {
  const { intent } = view
  const facts = [
    intent.description ? `<div><dt>For</dt><dd>${e(intent.description)}</dd></div>` : '',
    intent.reference ? `<div><dt>Reference</dt><dd>${e(intent.reference)}</dd></div>` : '',
  ].join('')
  return `<header class="brand">
<img src="${e(view.logoPath)}" alt="" width="40" height="40">
<p class="brand-name">${e(view.brandName)}</p>
</header>
<p class="merchant">${e(view.merchantName)}</p>
<h1 class="amount">${e(formatMoney(intent.amount, intent.currency))}</h1>
${facts ? `<dl class="facts">${facts}</dl>` : ''}`
}

// What a link that can no longer be paid says instead of the form.
const CLOSED: Record<string, { title: string; text: string }> = {
  succeeded: { title: 'Paid', text: 'This payment link has already been paid. Thank you.' },
  authorized_pending_capture: {
    title: 'Payment authorised',
    text: 'Your card has been authorised. The driver will take the payment shortly.',
  },
  cancelled: {
    title: 'Cancelled',
    text: 'This payment link was cancelled. Ask the driver for a new one.',
  },
  expired: {
    title: 'Expired',
    text: 'This payment link has expired. Ask the driver for a new one.',
  },
  payment_declined: {
    title: 'Payment declined',
    text: 'Your card was declined, so this link can no longer be used. Ask the driver for a new one.',
  },
}

function testCardList(): string {
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

function field(
  name: string,
  label: string,
  attrs: string,
  error: CardCheck | null,
  value = '',
): string {
  const failed = error && !error.ok && error.field === name
  const describedBy = failed ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  return `<p class="field"><label for="${name}">${e(label)}</label>
<input id="${name}" name="${name}" ${attrs} value="${e(value)}" required${describedBy}>
${failed ? `<span class="error" id="${name}-error">${e(error.message)}</span>` : ''}</p>`
}

function renderPayable(view: PayView, error: CardCheck | null, notice?: string): string {
  const { intent } = view
  const retry =
    notice ?? (intent.status === 'error' ? 'The last attempt did not go through. Try again.' : '')
  const manual =
    intent.captureMode === 'manual'
      ? '<p class="hint">Your card is authorised now and charged when the driver confirms the fare.</p>'
      : ''
  return page(
    `Pay ${view.merchantName}`,
    `${header(view)}
${retry ? `<p class="notice" role="alert">${e(retry)}</p>` : ''}
<form method="post" action="${e(payPath(intent.id))}" class="card-form" novalidate>
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', error)}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', error)}
${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', error)}
</div>
${manual}
<button type="submit">Pay ${e(formatMoney(intent.amount, intent.currency))}</button>
</form>
<p class="secure">We never store your card number.</p>
${testCardList()}`,
    view.operatorId,
  )
}

function renderClosed(view: PayView): string {
  const { intent } = view
  const closed = CLOSED[intent.status] ?? {
    title: 'Not available',
    text: 'This payment link cannot be paid right now.',
  }
  const receipt =
    intent.status === 'succeeded' && intent.saleId
      ? '<p>Your receipt was sent to you by the driver.</p>'
      : ''
  return page(
    `${closed.title} – ${view.merchantName}`,
    `${header(view)}
<section class="state state--${e(intent.status)}" role="status">
<h2>${e(closed.title)}</h2>
<p>${e(closed.text)}</p>
${receipt}
</section>`,
    view.operatorId,
  )
}

function renderChallenge(view: PayView): string {
  const action = `${payPath(view.intent.id)}/3ds`
  return page(
    `3-D Secure – ${view.merchantName}`,
    `${header(view)}
<section class="challenge" aria-labelledby="challenge-title">
<h2 id="challenge-title">Confirm it's you</h2>
<p>Your bank asks you to confirm this payment of ${e(formatMoney(view.intent.amount, view.intent.currency))}
to ${e(view.merchantName)} with card •••• ${e(view.intent.cardLastFour ?? '')}.</p>
<p class="hint">Sandbox 3-D Secure: choose the outcome.</p>
<div class="row">
<form method="post" action="${e(action)}"><input type="hidden" name="result" value="complete"><button type="submit">Complete</button></form>
<form method="post" action="${e(action)}"><input type="hidden" name="result" value="fail"><button type="submit" class="secondary">Fail</button></form>
</div>
</section>`,
    view.operatorId,
  )
}

function renderView(view: PayView): string {
  if (view.intent.status === 'requires_3ds_challenge') return renderChallenge(view)
  if (PAYABLE_STATUSES.includes(view.intent.status)) return renderPayable(view, null)
  return renderClosed(view)
}

const NOT_FOUND = page(
  'Payment link not found',
  '<h1>Payment link not found</h1>\n<p>Check the link you were sent, or ask the driver for a new one.</p>',
)

function formValue(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  return typeof value === 'string' ? value.slice(0, 64) : ''
}

// A browser (Accept: text/html) gets the page; anything else the API's one error body.
function refuse(
  c: Context<AppEnv>,
  status: 400 | 404 | 409,
  html: string,
  message: string,
  code: string,
): Response {
  if (wantsHtml(c.req.header('accept'))) return c.html(html, status)
  return c.json({ message, code }, status)
}

const LINK_NOT_FOUND = 'Payment link not found'

function noStore(c: Context<AppEnv>): void {
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
.facts { margin: 0 0 1rem; }
.facts div { display: flex; justify-content: space-between; gap: 1rem; padding: 0.375rem 0; border-bottom: 1px solid var(--line); }
.facts dt { color: var(--muted); } .facts dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.field { margin: 0 0 0.75rem; display: flex; flex-direction: column; gap: 0.25rem; flex: 1; min-width: 0; }
label { font-weight: 600; }
input { min-height: 44px; padding: 0 0.75rem; border: 1px solid #6b7280; border-radius: 0.375rem; font: inherit; width: 100%; background: var(--surface); color: var(--ink); }
input[aria-invalid="true"] { border-color: var(--bad); }
.error { color: var(--bad); font-size: 0.9375rem; }
.row { display: flex; gap: 0.75rem; flex-wrap: wrap; }
.row form { flex: 1; }
button { min-height: 44px; width: 100%; padding: 0 1.25rem; border: 0; border-radius: 0.375rem; background: var(--brand); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: transparent; color: var(--ink); border: 1px solid var(--ink); }
button:focus-visible, input:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
.notice { padding: 0.75rem; border-radius: 0.375rem; background: #fef2f2; color: var(--bad); }
.hint, .secure { color: var(--muted); font-size: 0.9375rem; }
.state { padding: 1rem; border-radius: 0.375rem; background: #f9fafb; border: 1px solid var(--line); }
.state h2, .challenge h2 { margin: 0 0 0.25rem; font-size: 1.25rem; }
.test-cards { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); font-size: 0.9375rem; }
.test-cards h2 { font-size: 1rem; margin: 0; }
.test-cards ul { padding-left: 1.25rem; margin: 0.5rem 0 0; }
code { font-size: 0.9375rem; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #f3f4f6; --muted: #d1d5db; --line: #374151; --surface: #111827; --page: #030712; --bad: #fca5a5; }
  .notice { background: #450a0a; } .state { background: #1f2937; }
  button { background: #f3f4f6; color: #111827; }
}
`

// GET/POST /pay/{intentId} and its 3-D Secure challenge.
export function payPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/assets/pay.css', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(PAY_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' })
  })

  app.get('/:intentId', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const view = await findPayView(db.db, c.req.param('intentId'), clock.now())
    if (!view) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    return c.html(renderView(view))
  })

  app.post('/:intentId', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const intentId = c.req.param('intentId')
    const now = clock.now()
    const body = await c.req.parseBody()
    const check = checkCard(
      {
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
      },
      now,
    )
    if (!check.ok) {
      const view = await findPayView(db.db, intentId, now)
      if (!view) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
      if (!PAYABLE_STATUSES.includes(view.intent.status)) {
        return refuse(
          c,
          409,
          renderView(view),
          'This payment link cannot be paid',
          'intent_not_payable',
        )
      }
      return refuse(c, 400, renderPayable(view, check), check.message, 'invalid_card')
    }
    const result = await payIntent(db.db, intentId, {
      card: check.card,
      customer: {
        ipAddress: clientIp(c),
        deviceInfo: c.req.header('user-agent')?.slice(0, 300) ?? null,
      },
      now,
      origin: publicOrigin(c),
    })
    if (!result) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    if (result.outcome === 'challenge') return c.redirect(`${payPath(intentId)}/3ds`, 303)
    return c.redirect(payPath(intentId), 303)
  })

  app.get('/:intentId/3ds', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const view = await findPayView(db.db, c.req.param('intentId'), clock.now())
    if (!view) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    return c.html(renderView(view))
  })

  app.post('/:intentId/3ds', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const intentId = c.req.param('intentId')
    const body = await c.req.parseBody()
    const answer = formValue(body, 'result')
    if (answer !== 'complete' && answer !== 'fail')
      return c.redirect(`${payPath(intentId)}/3ds`, 303)
    const result = await completeChallenge(db.db, intentId, {
      result: answer,
      now: clock.now(),
      origin: publicOrigin(c),
    })
    if (!result) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    return c.redirect(payPath(intentId), 303)
  })

  return app
}
