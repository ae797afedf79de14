import { timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { PasswordResetCompletionPayload, PasswordResetTicketPayload } from '@/api/schema/users'
import { assertNewPasswordAllowed } from '../auth/policy'
import { sha256 } from '../auth/random'
import type { AppEnv } from '../context'
import { passwordResetTickets } from '../db/schema/auth'
import { paymentFacilitators, users } from '../db/schema/core'
import { replacePassword } from '../domain/accounts'
import { issueResetTicket } from '../domain/password-reset'
import { portalOrigins } from '../lib/public-url'
import { badRequest } from '../errors'
import { parseJsonBody } from '../middleware/validate'

export const RESET_MESSAGES = {
  invalidTicket: 'Invalid or expired password reset ticket',
  completionUrlNotAllowed: 'completionUrl must be a page of the portal',
  unknownFacilitator: 'Unknown payment facilitator',
} as const

// The emailed link carries a live secret, so it may only point at the portal itself.
function assertAllowedCompletionUrl(c: Context<AppEnv>, completionUrl: string): URL {
  const url = new URL(completionUrl)
  if (!portalOrigins(c).has(url.origin) || url.username || url.password) {
    throw badRequest(RESET_MESSAGES.completionUrlNotAllowed, [
      { field: 'completionUrl', messages: [RESET_MESSAGES.completionUrlNotAllowed] },
    ])
  }
  return url
}

function sameSecret(token: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

export function passwordResetTicketRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // Answers 202 whether or not the email belongs to a user, so it cannot reveal who has an account.
  app.post('/', async (c) => {
    const input = await parseJsonBody(c, PasswordResetTicketPayload)
    const link = assertAllowedCompletionUrl(c, input.completionUrl)
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const [facilitator] = await db
      .select({ id: paymentFacilitators.id })
      .from(paymentFacilitators)
      .where(eq(paymentFacilitators.id, input.paymentFacilitatorId))
    if (!facilitator) {
      throw badRequest(RESET_MESSAGES.unknownFacilitator, [
        { field: 'paymentFacilitatorId', messages: [RESET_MESSAGES.unknownFacilitator] },
      ])
    }
    await issueResetTicket(db, { emailAddress: input.emailAddress, link, now: clock.now() })
    return c.body(null, 202)
  })

  app.put('/:ticketId/completion', async (c) => {
    const input = await parseJsonBody(c, PasswordResetCompletionPayload)
    const { db: database, clock } = c.get('deps')
    const db = database.db
    const now = clock.now()
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
          eq(passwordResetTickets.id, c.req.param('ticketId')),
          isNull(passwordResetTickets.usedAt),
          gt(passwordResetTickets.expiresAt, now),
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
      .set({ usedAt: now })
      .where(and(eq(passwordResetTickets.id, ticket.id), isNull(passwordResetTickets.usedAt)))
      .returning({ id: passwordResetTickets.id })
    if (!claimed) throw badRequest(RESET_MESSAGES.invalidTicket, undefined, 'invalid_ticket')
    await replacePassword(
      db,
      { id: ticket.userId, emailAddress: ticket.emailAddress },
      input.newPassword,
      now,
    )
    return c.body(null, 204)
  })

  return app
}
