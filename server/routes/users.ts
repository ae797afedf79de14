import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { UpdateUserPayload, type User } from '@/api/schema/users'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { forbidden, notFound } from '../errors'
import { requireAuth } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'

type UserRow = typeof users.$inferSelect

// The wire shape of SPEC §3 User; never the password hash.
export function serializeUser(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    avatarUrl: row.avatarUrl,
    mfaIsEnabled: row.mfaIsEnabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    credentialsChangedAt: row.credentialsChangedAt?.toISOString() ?? null,
  }
}

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId))
  return row ?? null
}

// The name the shell shows: first and last name, or the email when both are empty.
export function displayNameFor(
  firstName: string | null,
  lastName: string | null,
  emailAddress: string,
): string {
  return [firstName, lastName].filter(Boolean).join(' ') || emailAddress
}

/**
 * `/v1/users/{id}` writes are for the signed-in person only (a session, not an API key); any other
 * id, existing or not, is the same 403 so user ids cannot be probed.
 */
export async function requireSelf(c: Context<AppEnv>, userId: string): Promise<UserRow> {
  const auth = requireAuth(c)
  if (auth.via !== 'session' || auth.userId !== userId) {
    throw forbidden('You can only change your own user', 'not_own_user')
  }
  const user = await findUser(c.get('deps').db.db, userId)
  if (!user) throw notFound('User not found')
  return user
}

export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/current', async (c) => {
    const auth = requireAuth(c)
    const user = await findUser(c.get('deps').db.db, auth.userId)
    if (!user) throw notFound('User not found')
    return c.json(serializeUser(user))
  })

  // §7 PATCH /v1/users/{id} with firstName, lastName (§5 lengths); the email stays read-only.
  app.patch('/:id', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await parseJsonBody(c, UpdateUserPayload)
    const firstName = input.firstName ?? user.firstName
    const lastName = input.lastName ?? user.lastName
    if (firstName === user.firstName && lastName === user.lastName)
      return c.json(serializeUser(user))
    const [updated] = await c
      .get('deps')
      .db.db.update(users)
      .set({
        firstName,
        lastName,
        displayName: displayNameFor(firstName, lastName, user.emailAddress),
        updatedAt: c.get('deps').clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning()
    if (!updated) throw notFound('User not found')
    return c.json(serializeUser(updated))
  })

  return app
}
