import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context'
import { changed } from '../domain/activity'
import { acceptInvitation, INVITATION_MESSAGES, previewInvitation } from '../domain/invitations'
import { notFound } from '../errors'
import { audited } from '../lib/activity'
import { requireAuth } from '../middleware/auth'

// Links carry 32 URL-safe characters; anything else cannot be one (the same 404 as an unknown link).
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

function tokenOf(c: Context<AppEnv>): string {
  const token = c.req.param('token') ?? ''
  if (!TOKEN.test(token)) throw notFound(INVITATION_MESSAGES.linkInvalid, 'invitation_link_invalid')
  return token
}

// The invitation link's calls (docs/api.md#team-and-activity): its preview is public, acceptance needs the invitee signed in.
export function invitationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/:token', async (c) => {
    const { db, clock } = c.get('deps')
    return c.json(await previewInvitation(db.db, tokenOf(c), clock.now()))
  })

  app.post('/:token/acceptance', async (c) => {
    const token = tokenOf(c)
    const auth = requireAuth(c)
    const now = c.get('deps').clock.now()
    const accepted = await audited(
      c,
      (tx) => acceptInvitation(tx, { token, userId: auth.userId, now }),
      (joined) => ({
        action: 'member.joined',
        object: { type: 'member', id: auth.userId, label: joined.memberName },
        changes: changed('role', null, joined.role),
      }),
      (joined) => ({ submerchantId: joined.submerchantId }),
    )
    const { invitationId: _internal, memberName: _name, ...answer } = accepted
    return c.json(answer, 201)
  })

  return app
}
