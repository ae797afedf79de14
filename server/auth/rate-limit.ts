import { and, count, eq, gt } from 'drizzle-orm'
import { authFailures, authLockouts } from '../db/schema/auth'
import { HttpError } from '../errors'
import type { Db } from '../db/client'
import { newId } from './random'

export const MAX_FAILED_ATTEMPTS = 10
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
export const LOCKOUT_MS = 15 * 60 * 1000

// Failures are keyed by the normalised email so unknown addresses are throttled the same way.
export function accountKeyFor(emailAddress: string): string {
  return emailAddress.trim().toLowerCase()
}

export function lockedMessage(lockedUntil: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000))
  return `Too many failed attempts. This account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

export async function assertNotLocked(db: Db, accountKey: string, now: Date): Promise<void> {
  const [lock] = await db
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(eq(authLockouts.accountKey, accountKey))
  if (lock && lock.lockedUntil > now) {
    const seconds = Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 1000)
    const message = lockedMessage(lock.lockedUntil, now)
    throw new HttpError(429, message, 'too_many_attempts', undefined, seconds)
  }
}

// Records one failed password or code; the tenth within the window locks the account.
export async function recordFailure(
  db: Db,
  accountKey: string,
  kind: 'password' | 'mfa',
  now: Date,
): Promise<void> {
  await db.insert(authFailures).values({ id: newId('af'), accountKey, kind, createdAt: now })
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS)
  const [row] = await db
    .select({ failures: count() })
    .from(authFailures)
    .where(and(eq(authFailures.accountKey, accountKey), gt(authFailures.createdAt, since)))
  if ((row?.failures ?? 0) < MAX_FAILED_ATTEMPTS) return
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MS)
  await db
    .insert(authLockouts)
    .values({ accountKey, lockedUntil })
    .onConflictDoUpdate({ target: authLockouts.accountKey, set: { lockedUntil } })
  // After the lock the count starts again from zero.
  await db.delete(authFailures).where(eq(authFailures.accountKey, accountKey))
}

// A success ends the run of failures ("10 failed in a row").
export async function clearFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.accountKey, accountKey))
}

// A proof of ownership (a completed password reset) also lifts a running lockout.
export async function clearFailuresAndLockout(db: Db, accountKey: string): Promise<void> {
  await clearFailures(db, accountKey)
  await db.delete(authLockouts).where(eq(authLockouts.accountKey, accountKey))
}
