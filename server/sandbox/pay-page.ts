// The sandbox checkout page /pay/{intentId}: public by the link's unguessable id, mobile first,
// no script at all (plain forms), styles from same-origin stylesheets (CSP without unsafe-inline).
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { formatMoney } from '@/lib/money'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { intents, operators, submerchants } from '../db/schema/core'
import { completeChallenge, PAYABLE_STATUSES, payIntent } from '../domain/intent-payments'
import { expireDueIntents } from '../domain/intent-locks'
import { payPath, type IntentRow } from '../domain/intent-records'
import { SCAN_TO_PAY_CREATOR, scanPayPath } from '../domain/scan-payments'
import { publicOrigin } from '../lib/public-url'
import { clientIp } from '../lib/client-ip'
import { brandHeader, escapeHtml } from './html'
import {
  cardFields,
  formValue,
  noStore,
  PAY_CSS,
  payHtml,
  readForm,
  refuse,
  testCardList,
} from './pay-html'
import { checkCard, type CardCheck } from './test-cards'
import { proofSection, saleProofUrl } from './proof-html'
import { scanPayRoutes } from './scan-pay-page'

interface PayView {
  intent: IntentRow
  merchantName: string
  operatorId: string
  brandName: string
  logoPath: string
}

async function findPayView(
  db: Db,
  intentId: string,
  ctx: { origin: string; now: Date },
): Promise<PayView | null> {
  const [owner] = await db
    .select({ submerchantId: intents.submerchantId })
    .from(intents)
    .where(eq(intents.id, intentId))
  if (!owner) return null
  await expireDueIntents(db, { submerchantId: owner.submerchantId, intentId }, ctx)
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

function header(view: PayView): string {
  const { intent } = view
  const facts = [
    intent.description ? `<div><dt>For</dt><dd>${e(intent.description)}</dd></div>` : '',
    intent.reference ? `<div><dt>Reference</dt><dd>${e(intent.reference)}</dd></div>` : '',
  ].join('')
  return `${brandHeader(view)}
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

// The same for a Scan to Pay attempt: the customer starts again from the account's code.
const SCAN_CLOSED: Record<string, { title: string; text: string; again: string }> = {
  succeeded: {
    title: 'Paid',
    text: 'Your payment has been received. Thank you.',
    again: 'Make another payment',
  },
  cancelled: { title: 'Cancelled', text: 'This payment was cancelled.', again: 'Start again' },
  expired: {
    title: 'Expired',
    text: 'This payment was not finished in time, so nothing was taken.',
    again: 'Start again',
  },
  payment_declined: {
    title: 'Payment declined',
    text: 'Your card was declined.',
    again: 'Try another card',
  },
}

function renderPayable(view: PayView, error: CardCheck | null, notice?: string): string {
  const { intent } = view
  const retry =
    notice ?? (intent.status === 'error' ? 'The last attempt did not go through. Try again.' : '')
  const manual =
    intent.captureMode === 'manual'
      ? '<p class="hint">Your card is authorised now and charged when the driver confirms the fare.</p>'
      : ''
  return payHtml(
    `Pay ${view.merchantName}`,
    `${header(view)}
${retry ? `<p class="notice" role="alert">${e(retry)}</p>` : ''}
<form method="post" action="${e(payPath(intent.id))}" class="card-form" novalidate>
${cardFields(error && !error.ok ? error : null)}
${manual}
<button type="submit">Pay ${e(formatMoney(intent.amount, intent.currency))}</button>
</form>
<p class="secure">We never store your card number.</p>
${testCardList()}`,
    view.operatorId,
  )
}

function renderClosed(view: PayView, proof: string): string {
  const { intent } = view
  const scan = intent.createdBy === SCAN_TO_PAY_CREATOR ? SCAN_CLOSED[intent.status] : undefined
  const closed = scan ??
    CLOSED[intent.status] ?? {
      title: 'Not available',
      text: 'This payment link cannot be paid right now.',
    }
  const receipt = scan
    ? `<p><a href="${e(scanPayPath(intent.submerchantId))}">${e(scan.again)}</a></p>`
    : intent.status === 'succeeded' && intent.saleId
      ? '<p>Your receipt was sent to you by the driver.</p>'
      : ''
  return payHtml(
    `${closed.title} – ${view.merchantName}`,
    `${header(view)}
<section class="state state--${e(intent.status)}" role="status">
<h2>${e(closed.title)}</h2>
<p>${e(closed.text)}</p>
${receipt}
</section>
${proof}`,
    view.operatorId,
  )
}

function renderChallenge(view: PayView): string {
  const action = `${payPath(view.intent.id)}/3ds`
  return payHtml(
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

// `proof`: the paid sale's proof of payment section (proof-html.ts), shown once it succeeded.
function renderView(view: PayView, proof = ''): string {
  if (view.intent.status === 'requires_3ds_challenge') return renderChallenge(view)
  if (PAYABLE_STATUSES.includes(view.intent.status)) return renderPayable(view, null)
  return renderClosed(view, proof)
}

async function paidProof(c: Context<AppEnv>, view: PayView): Promise<string> {
  const { saleId, status } = view.intent
  if (status !== 'succeeded' || !saleId) return ''
  const url = await saleProofUrl(c, saleId)
  return url ? proofSection(url) : ''
}

const NOT_FOUND = payHtml(
  'Payment link not found',
  '<h1>Payment link not found</h1>\n<p>Check the link you were sent, or ask the driver for a new one.</p>',
)

const LINK_NOT_FOUND = 'Payment link not found'

// GET/POST /pay/{intentId} and its 3-D Secure challenge.
export function payPageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  // /pay?submerchant={id}: the Scan to Pay page (scan-pay-page.ts).
  scanPayRoutes(app)

  app.get('/assets/pay.css', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(PAY_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' })
  })

  app.get('/:intentId', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const view = await findPayView(db.db, c.req.param('intentId'), {
      origin: publicOrigin(c),
      now: clock.now(),
    })
    if (!view) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    return c.html(renderView(view, await paidProof(c, view)))
  })

  app.post('/:intentId', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const intentId = c.req.param('intentId')
    const now = clock.now()
    const body = await readForm(c)
    const check = checkCard(
      {
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
      },
      now,
    )
    if (!check.ok) {
      const view = await findPayView(db.db, intentId, { origin: publicOrigin(c), now })
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
    const view = await findPayView(db.db, c.req.param('intentId'), {
      origin: publicOrigin(c),
      now: clock.now(),
    })
    if (!view) return refuse(c, 404, NOT_FOUND, LINK_NOT_FOUND, 'not_found')
    return c.html(renderView(view))
  })

  app.post('/:intentId/3ds', async (c) => {
    noStore(c)
    const { db, clock } = c.get('deps')
    const intentId = c.req.param('intentId')
    const body = await readForm(c)
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
