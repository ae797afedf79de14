import { sql } from 'drizzle-orm'
import { randomToken, sha256, newId } from '../auth/random'
import type { Db } from '../db/client'
import { passwordResetTickets } from '../db/schema/auth'
import { users } from '../db/schema/core'
import { outboxMessages } from '../db/schema/platform'
import { normaliseEmail } from './accounts'

// SANDBOX.md: reset tickets are random, single use, and expire in 1 h.
export const RESET_TICKET_TTL_MS = 60 * 60 * 1000

function resetEmailBody(link: string): string {
  return [
    'Someone asked to reset the password of your FleetPay Portal account.',
    '',
    `Choose a new password here (the link works once, for one hour): ${link}`,
    '',
    'If it was not you, ignore this email; your password stays the same.',
  ].join('\n')
}

/**
 * Forgot-password with the same work for a known and an unknown email, so timing tells nothing:
 * the token, its hash and the email are always made, and the same two INSERT … SELECT statements
 * always run; the user lookup inside them decides whether they write a row. No branch in JS.
 */
export async function issueResetTicket(
  db: Db,
  input: { emailAddress: string; link: URL; now: Date },
): Promise<void> {
  const { link, now } = input
  const emailAddress = normaliseEmail(input.emailAddress)
  const ticketId = newId('prt')
  const token = randomToken()
  link.searchParams.set('ticketId', ticketId)
  link.searchParams.set('token', token)
  const href = link.toString()
  const createdAt = now.toISOString()
  const expiresAt = new Date(now.getTime() + RESET_TICKET_TTL_MS).toISOString()
  await db.execute(sql`
    insert into ${passwordResetTickets} (id, user_id, token_hash, created_at, expires_at)
    select ${ticketId}, u.id, ${sha256(token)}, ${createdAt}::timestamptz, ${expiresAt}::timestamptz
    from ${users} u where u.email_address = ${emailAddress}`)
  await db.execute(sql`
    insert into ${outboxMessages} (id, channel, kind, recipient, subject, body, metadata, created_at)
    select ${newId('msg')}, 'email', 'password_reset', u.email_address, 'Reset your password',
      ${resetEmailBody(href)}, ${JSON.stringify({ link: href, ticketId })}::jsonb, ${createdAt}::timestamptz
    from ${users} u where u.email_address = ${emailAddress}`)
}
