import { Hono } from 'hono'
import { RegisterPayload } from '@/api/schema/users'
import { hashPassword } from '../auth/password'
import { assertNewPasswordAllowed } from '../auth/policy'
import type { AppEnv } from '../context'
import { users } from '../db/schema/core'
import { newId } from '../auth/random'
import { normaliseEmail } from '../domain/accounts'
import { conflict } from '../errors'
import { parseJsonBody } from '../middleware/validate'
import { displayNameFor, serializeUser } from './users'

export const REGISTRATION_MESSAGES = {
  emailTaken: 'An account with this email address already exists',
} as const

function optionalName(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

// SPEC §7 "auth helper": creates a user with no accounts; the portal then signs in with the password grant.
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
    const [row] = await database.db
      .insert(users)
      .values({
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
      // The unique email index decides between concurrent registrations of one address.
      .onConflictDoNothing({ target: users.emailAddress })
      .returning()
    if (!row) throw conflict(REGISTRATION_MESSAGES.emailTaken, 'email_taken')
    return c.json(serializeUser(row), 201)
  })

  return app
}
