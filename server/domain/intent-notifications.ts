// Telling the customer about their payment link: the SMS and email the sandbox writes to its
// outbox, on create and on resend.
import { eq } from 'drizzle-orm'
import type { CustomerNotificationPayload, Intent } from '@/api/schema/intents'
import { formatMoney } from '@/lib/money'
import { cannotResendMessage, PAYMENT_LINK_MESSAGES } from '@/lib/payment-link-rules'
import type { Db } from '../db/client'
import { operators, submerchants } from '../db/schema/core'
import { conflict, type FieldError } from '../errors'
import { addOutboxMessage } from '../sandbox/outbox'
import { changeIntent, refuseFields, type ChangeContext, type IntentScope } from './intent-locks'
import { logLine, type IntentRow } from './intent-records'

export const CUSTOMER_NOTIFICATION_KIND = 'customer_notification'

interface Merchant {
  name: string
  brandName: string
}

async function merchantOf(db: Db, submerchantId: string): Promise<Merchant> {
  const [row] = await db
    .select({ name: submerchants.name, brandName: operators.brandName })
    .from(submerchants)
    .innerJoin(operators, eq(operators.id, submerchants.operatorId))
    .where(eq(submerchants.id, submerchantId))
  return row ?? { name: 'Your driver', brandName: 'Sandbox Pay' }
}

export type Channel = 'sms' | 'email'

// "Sends" the pay link by SMS and/or email (to the sandbox outbox) and records it on the row.
export async function notifyCustomer(
  db: Db,
  row: IntentRow,
  channels: readonly Channel[],
  opts: { origin: string; now: Date },
): Promise<Pick<IntentRow, 'customerSmsSent' | 'customerEmailSent' | 'logs'>> {
  const merchant = await merchantOf(db, row.submerchantId)
  const url = new URL(row.clientAccessPath, opts.origin).toString()
  const amount = formatMoney(row.amount, row.currency)
  const what = row.description ? ` for ${row.description}` : ''
  const text = `${merchant.name} asks you to pay ${amount}${what}. Pay securely here: ${url}`
  const logs = [...row.logs]
  let { customerSmsSent, customerEmailSent } = row
  for (const channel of channels) {
    const recipient = channel === 'sms' ? row.customerPhoneNumber : row.customerEmailAddress
    if (!recipient) continue
    await addOutboxMessage(db, {
      channel,
      kind: CUSTOMER_NOTIFICATION_KIND,
      recipient,
      subject: channel === 'email' ? `Payment request from ${merchant.name}` : null,
      body: channel === 'email' ? `${text}\n\nSent by ${merchant.brandName}.` : text,
      metadata: {
        intentId: row.id,
        submerchantId: row.submerchantId,
        clientAccessUrl: url,
        amount: row.amount,
        currency: row.currency,
      },
      createdAt: opts.now,
    })
    if (channel === 'sms') customerSmsSent = true
    else customerEmailSent = true
    logs.push(logLine(opts.now, `Customer notified by ${channel === 'sms' ? 'SMS' : 'email'}`))
  }
  return { customerSmsSent, customerEmailSent, logs }
}

// POST /v1/intents/{id}/customer-notifications: resend by SMS and/or email while not final.
export function resendNotifications(
  db: Db,
  scope: IntentScope,
  input: ChangeContext & { payload: CustomerNotificationPayload },
): Promise<Intent> {
  const { payload } = input
  return changeIntent(db, scope, input, async (row, tx) => {
    if (row.statusIsFinal) throw conflict(cannotResendMessage(row.status), 'intent_final')
    const contact = {
      customerPhoneNumber: payload.customerPhoneNumber || row.customerPhoneNumber,
      customerEmailAddress: payload.customerEmailAddress || row.customerEmailAddress,
    }
    const errors: FieldError[] = []
    if (payload.channels.includes('sms') && !contact.customerPhoneNumber) {
      errors.push({ field: 'customerPhoneNumber', messages: [PAYMENT_LINK_MESSAGES.phoneRequired] })
    }
    if (payload.channels.includes('email') && !contact.customerEmailAddress) {
      errors.push({
        field: 'customerEmailAddress',
        messages: [PAYMENT_LINK_MESSAGES.emailRequired],
      })
    }
    if (errors.length > 0) refuseFields(errors)
    const channels = [...new Set(payload.channels)]
    const sent = await notifyCustomer(tx, { ...row, ...contact }, channels, input)
    return { ...contact, ...sent }
  })
}
