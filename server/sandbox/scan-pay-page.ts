// The sandbox's Scan to Pay page, /pay?submerchant={id}: what a customer's phone opens after
// scanning an account's code. They enter the amount and a test card; the payment then runs as a
// payment link's does (server/domain/scan-payments.ts) and ends on that link's page.
import { randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { formatMoney, minorToDecimalString, parseMoney } from '@/lib/money'
import type { AppEnv } from '../context'
import { payPath } from '../domain/intent-records'
import {
  ATTEMPT_PATTERN,
  findScanAccount,
  payByScan,
  SCAN_MAX_AMOUNT,
  SCAN_MIN_AMOUNT,
  scanPayPath,
  type ScanAccount,
} from '../domain/scan-payments'
import { publicOrigin } from '../lib/public-url'
import { clientIp } from '../lib/client-ip'
import { brandHeader, escapeHtml as e } from './html'
import {
  cardFields,
  formField,
  formValue,
  noStore,
  payHtml,
  readForm,
  refuse,
  testCardList,
} from './pay-html'
import { checkCard } from './test-cards'

const PAGE_NOT_FOUND = 'Payment page not found'
const NOT_FOUND_PAGE = payHtml(
  PAGE_NOT_FOUND,
  `<h1>${PAGE_NOT_FOUND}</h1>\n<p>Check the code you scanned, or ask the driver how else you can pay.</p>`,
)
const NOT_ENROLLED = 'This account cannot take card payments yet'
const DECLINED = 'Your card was declined. Try another card.'

interface FormState {
  amount: string
  attempt: string
  amountError: string | null
  cardError: { field: string; message: string } | null
  notice: string | null
}

const newAttempt = () => randomBytes(12).toString('hex')

function amountProblem(text: string): { amount: number } | { message: string } {
  if (!text.trim()) return { message: 'Enter the amount to pay' }
  const amount = parseMoney(text)
  if (amount === null) return { message: 'Enter the amount in pounds and pence, like 12.50' }
  if (amount < SCAN_MIN_AMOUNT) {
    return { message: `The amount must be at least ${formatMoney(SCAN_MIN_AMOUNT)}` }
  }
  if (amount > SCAN_MAX_AMOUNT) {
    return { message: `The amount cannot be more than ${formatMoney(SCAN_MAX_AMOUNT)}` }
  }
  return { amount }
}

function renderForm(account: ScanAccount, form: FormState): string {
  return payHtml(
    `Pay ${account.name}`,
    `${brandHeader(account)}
<h1 class="title">Pay ${e(account.name)}</h1>
${form.notice ? `<p class="notice" role="alert">${e(form.notice)}</p>` : ''}
<form method="post" action="${e(scanPayPath(account.id))}" class="card-form" novalidate>
<input type="hidden" name="attempt" value="${e(form.attempt)}">
${formField('amount', 'Amount (£)', 'inputmode="decimal" autocomplete="off" maxlength="12" placeholder="0.00"', form.amountError, form.amount, 'The fare the driver asks for, with any tip.')}
${cardFields(form.cardError)}
<button type="submit">Pay</button>
</form>
<p class="secure">We never store your card number.</p>
${testCardList()}`,
    account.operatorId,
  )
}

function renderNotEnrolled(account: ScanAccount): string {
  return payHtml(
    `${NOT_ENROLLED} – ${account.name}`,
    `${brandHeader(account)}
<h1 class="title">Pay ${e(account.name)}</h1>
<section class="state" role="status">
<h2>${e(NOT_ENROLLED)}</h2>
<p>Ask the driver how else you can pay.</p>
</section>`,
    account.operatorId,
  )
}

// The account of ?submerchant=, or the refusal to send instead.
async function accountOf(
  c: Context<AppEnv>,
): Promise<{ account: ScanAccount } | { refusal: Response }> {
  const id = c.req.query('submerchant') ?? ''
  const found = id ? await findScanAccount(c.get('deps').db.db, id) : null
  if (!found || (!found.ok && found.reason === 'not_found')) {
    return { refusal: refuse(c, 404, NOT_FOUND_PAGE, PAGE_NOT_FOUND, 'not_found') }
  }
  if (!found.ok) {
    const html = renderNotEnrolled(found.account)
    return { refusal: refuse(c, 409, html, NOT_ENROLLED, 'not_enrolled') }
  }
  return { account: found.account }
}

// GET and POST /pay?submerchant={id}, on the pay page's app.
export function scanPayRoutes(app: Hono<AppEnv>): void {
  app.get('/', async (c) => {
    noStore(c)
    const found = await accountOf(c)
    if ('refusal' in found) return found.refusal
    // After a decline the form comes back with the amount (POST, redirect, GET).
    const again = parseMoney(c.req.query('amount') ?? '')
    return c.html(
      renderForm(found.account, {
        amount: again !== null && again > 0 ? minorToDecimalString(again) : '',
        attempt: newAttempt(),
        amountError: null,
        cardError: null,
        notice: c.req.query('declined') === '1' ? DECLINED : null,
      }),
    )
  })

  app.post('/', async (c) => {
    noStore(c)
    const found = await accountOf(c)
    if ('refusal' in found) return found.refusal
    const { account } = found
    const { db, clock } = c.get('deps')
    const now = clock.now()
    const body = await readForm(c)
    const attemptValue = formValue(body, 'attempt')
    const attempt = ATTEMPT_PATTERN.test(attemptValue) ? attemptValue : newAttempt()
    const amountText = formValue(body, 'amount').slice(0, 12)
    const amount = amountProblem(amountText)
    const card = checkCard(
      {
        cardNumber: formValue(body, 'cardNumber'),
        expiry: formValue(body, 'expiry'),
        cvc: formValue(body, 'cvc'),
      },
      now,
    )
    if ('message' in amount || !card.ok) {
      const html = renderForm(account, {
        amount: amountText,
        attempt,
        amountError: 'message' in amount ? amount.message : null,
        cardError: card.ok ? null : card,
        notice: null,
      })
      const message = 'message' in amount ? amount.message : card.ok ? '' : card.message
      const code = 'message' in amount ? 'invalid_amount' : 'invalid_card'
      return refuse(c, 400, html, message, code)
    }
    const result = await payByScan(db.db, {
      account,
      attempt,
      amount: amount.amount,
      card: card.card,
      customer: {
        ipAddress: clientIp(c),
        deviceInfo: c.req.header('user-agent')?.slice(0, 300) ?? null,
      },
      now,
      origin: publicOrigin(c),
    })
    if (result.outcome === 'replayed') return c.redirect(payPath(result.intentId), 303)
    if (result.outcome === 'challenge') return c.redirect(`${payPath(result.intent.id)}/3ds`, 303)
    if (result.outcome === 'declined') {
      const back = `${scanPayPath(account.id)}&amount=${minorToDecimalString(amount.amount)}&declined=1`
      return c.redirect(back, 303)
    }
    return c.redirect(payPath(result.intent.id), 303)
  })
}
