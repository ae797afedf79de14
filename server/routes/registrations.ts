import { Hono } from 'hono'
import { RegisterPayload } from '@/api/schema/users'
import { hashPassword } from '../auth/password'
import { assertNewPasswordAllowed } from '../auth/policy'
import type { AppEnv } from '../context'
import { newId } from '../auth/random'
import { normaliseEmail } from '../domain/accounts'
import { registerUser } from '../domain/registration'
import { displayNameFor, serializeUser } from '../domain/users'
import { parseJsonBody } from '../middleware/validate'

function optionalName(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

// The registration "auth helper" (docs/api.md#users-and-session): creates a user with no accounts; the portal then signs in with the password grant.
export function registrationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.post('/', async (c) => {
    const input = await parseJsonBody(c, RegisterPayload)
    const emailAddress = normaliseEmail(input.emailAddress)
    assertNewPasswordAllowed(input.password, emailAddress)
    const { db: database, clock } = c.get('deps')
    const now = clock.now()
    const firstName = optionalName(input.firstName)
    const lastName = optionalName(input.lastName)
    const user = await registerUser(database.db, {
      id: newId('usr'),
      displayName: displayNameFor(firstName, lastName, emailAddress),
      firstName,
      lastName,
      emailAddress,
      avatarUrl: null,
      passwordHash: await hashPassword(input.password),
      mfaIsEnabled: false,
      createdAt: now,
      updatedAt: now,
      credentialsChangedAt: null,
    })
    // A taken email gets the same 201 and shape; its owner is mailed instead (domain/registration).
    return c.json(serializeUser(user), 201)
  })

  return app
}
