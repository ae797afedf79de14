import { timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { assertNewPasswordAllowed } from '../auth/policy'
import { randomToken, sha256, newId } from '../auth/random'
import type { Db } from '../db/client'
import { passwordResetTickets } from '../db/schema/auth'
import { paymentFacilitators, users } from '../db/schema/core'
import { outboxMessages } from '../db/schema/platform'
import { badRequest } from '../errors'
import { normaliseEmail, replacePassword } from './accounts'

// docs/auth.md#passwords-and-mfa: reset tickets are random, single use, and expire in 1 h.
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

export const RESET_MESSAGES = {
  invalidTicket: 'Invalid or expired password reset ticket',
  completionUrlNotAllowed: 'completionUrl must be a page of the portal',
  unknownFacilitator: 'Unknown payment facilitator',
} as const

// The facilitator a forgot-password names must exist (400 naming the field otherwise).
export async function requireFacilitator(db: Db, id: string): Promise<void> {
  const [facilitator] = await db
    .select({ id: paymentFacilitators.id })
    .from(paymentFacilitators)
    .where(eq(paymentFacilitators.id, id))
  if (!facilitator) {
    throw badRequest(RESET_MESSAGES.unknownFacilitator, [
      { field: 'paymentFacilitatorId', messages: [RESET_MESSAGES.unknownFacilitator] },
    ])
  }
}

function sameSecret(token: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/**
 * Completes a reset: a live, unused ticket whose token matches, and a new password the policy
 * allows (a refused one leaves the ticket usable); the ticket is then used up and the password set.
 */
export async function completeReset(
  db: Db,
  input: { ticketId: string; verificationToken: string; newPassword: string; now: Date },
): Promise<void> {
  const [ticket] = await db
    .select({
      id: passwordResetTickets.id,
      tokenHash: passwordResetTickets.tokenHash,
      userId: passwordResetTickets.userId,
      emailAddress: users.emailAddress,
    })
    .from(passwordResetTickets)
    .innerJoin(users, eq(users.id, passwordResetTickets.userId))
    .where(
      and(
        eq(passwordResetTickets.id, input.ticketId),
        isNull(passwordResetTickets.usedAt),
        gt(passwordResetTickets.expiresAt, input.now),
      ),
    )
  if (!ticket || !sameSecret(input.verificationToken, ticket.tokenHash)) {
    throw badRequest(RESET_MESSAGES.invalidTicket, undefined, 'invalid_ticket')
  }
  // A refused password leaves the ticket usable for a better one.
  assertNewPasswordAllowed(input.newPassword, ticket.emailAddress)
  // Conditional update: of two concurrent completions only one wins the ticket.
  const [claimed] = await db
    .update(passwordResetTickets)
    .set({ usedAt: input.now })
    .where(and(eq(passwordResetTickets.id, ticket.id), isNull(passwordResetTickets.usedAt)))
    .returning({ id: passwordResetTickets.id })
  if (!claimed) throw badRequest(RESET_MESSAGES.invalidTicket, undefined, 'invalid_ticket')
  await replacePassword(
    db,
    { id: ticket.userId, emailAddress: ticket.emailAddress },
    input.newPassword,
    input.now,
  )
}
