import { Hono, type Context } from 'hono'
import { PasswordResetCompletionPayload, PasswordResetTicketPayload } from '@/api/schema/users'
import type { AppEnv } from '../context'
import {
  completeReset,
  issueResetTicket,
  requireFacilitator,
  RESET_MESSAGES,
} from '../domain/password-reset'
import { portalOrigins } from '../lib/public-url'
import { badRequest } from '../errors'
import { parseJsonBody } from '../middleware/validate'

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

export function passwordResetTicketRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // Answers 202 whether or not the email belongs to a user, so it cannot reveal who has an account.
  app.post('/', async (c) => {
    const input = await parseJsonBody(c, PasswordResetTicketPayload)
    const link = assertAllowedCompletionUrl(c, input.completionUrl)
    const { db: database, clock } = c.get('deps')
    const db = database.db
    await requireFacilitator(db, input.paymentFacilitatorId)
    await issueResetTicket(db, { emailAddress: input.emailAddress, link, now: clock.now() })
    return c.body(null, 202)
  })

  app.put('/:ticketId/completion', async (c) => {
    const input = await parseJsonBody(c, PasswordResetCompletionPayload)
    const { db: database, clock } = c.get('deps')
    const db = database.db
    await completeReset(db, {
      ticketId: c.req.param('ticketId'),
      verificationToken: input.verificationToken,
      newPassword: input.newPassword,
      now: clock.now(),
    })
    return c.body(null, 204)
  })

  return app
}
