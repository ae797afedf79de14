import type { Db } from '../db/client'
import { users } from '../db/schema/core'
import { addOutboxMessage } from '../sandbox/outbox'

type UserRow = typeof users.$inferSelect

export const TAKEN_EMAIL_KIND = 'registration_attempt'

function takenEmailBody(): string {
  return [
    'Someone tried to register a FleetPay Portal account with this email address, which already has an account.',
    '',
    'If it was you, log in with your password, or choose "Forgot password?" on the login page.',
    '',
    'If it was not you, ignore this email; nothing about your account has changed.',
  ].join('\n')
}

/**
 * Creates the user, or, when the email already has an account, mails that owner and answers with
 * the would-be user (never stored) so the response cannot tell a taken email from a new one
 * (ASVS V6, OWASP authentication cheat sheet). Both paths hash the password and try one insert.
 */
export async function registerUser(db: Db, candidate: UserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values(candidate)
    // The unique email index decides between concurrent registrations of one address.
    .onConflictDoNothing({ target: users.emailAddress })
    .returning()
  if (row) return row
  await addOutboxMessage(db, {
    channel: 'email',
    kind: TAKEN_EMAIL_KIND,
    recipient: candidate.emailAddress,
    subject: 'Someone tried to register with your email address',
    body: takenEmailBody(),
    createdAt: candidate.createdAt,
  })
  return candidate
}
