import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { User } from '@/api/schema/users'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { notFound } from '../errors'
import { requireAuth } from '../middleware/auth'

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

export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/current', async (c) => {
    const auth = requireAuth(c)
    const user = await findUser(c.get('deps').db.db, auth.userId)
    if (!user) throw notFound('User not found')
    return c.json(serializeUser(user))
  })

  return app
}
