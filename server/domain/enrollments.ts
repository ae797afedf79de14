import { randomInt } from 'node:crypto'
import { and, eq, lte } from 'drizzle-orm'
import type { Enrollment, EnrollmentPayload } from '@/api/schema/enrollments'
import type { Db } from '../db/client'
import { enrollments, submerchants } from '../db/schema/core'
import { newId } from '../auth/random'
import { conflict } from '../errors'
import { SEED_SUBMERCHANTS } from '../seed/ids'

type EnrollmentRow = typeof enrollments.$inferSelect

// docs/sandbox.md#enrolment: a request is processed 2 minutes later on the sandbox clock.
export const ENROLLMENT_PROCESSING_SECONDS = 120

// The seeded account whose enrolment ends in error, so the portal's error path can be seen.
export const FAILING_ENROLLMENT_SUBMERCHANTS: readonly string[] = [SEED_SUBMERCHANTS.lateShift]

export function serializeEnrollment(row: EnrollmentRow): Enrollment {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    acquirer: row.acquirer,
    type: row.type,
    processingExpectedBy: row.processingExpectedBy?.toISOString() ?? null,
    status: row.status,
  }
}

/**
 * Queued requests whose time has come are processed: enrolled (the account gets its finaroId),
 * or error for the one failing demo account. Run before an account's enrolments are read.
 */
async function processDue(db: Db, submerchantId: string, now: Date): Promise<void> {
  const due = await db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.submerchantId, submerchantId),
        eq(enrollments.status, 'queued'),
        lte(enrollments.processingExpectedBy, now),
      ),
    )
  for (const row of due) {
    await db.transaction(async (tx) => {
      const fails = FAILING_ENROLLMENT_SUBMERCHANTS.includes(row.submerchantId)
      await tx
        .update(enrollments)
        .set({ status: fails ? 'error' : 'enrolled', updatedAt: now })
        .where(and(eq(enrollments.id, row.id), eq(enrollments.status, 'queued')))
      if (!fails) {
        await tx
          .update(submerchants)
          .set({ finaroId: `FIN${randomInt(10_000_000, 99_999_999)}`, updatedAt: now })
          .where(eq(submerchants.id, row.submerchantId))
      }
    })
  }
}

// GET /v1/enrollments?submerchantId&acquirer: the account's requests (at most one per acquirer).
export async function listEnrollments(
  db: Db,
  scope: { submerchantId: string; acquirer?: string },
  now: Date,
): Promise<Enrollment[]> {
  await processDue(db, scope.submerchantId, now)
  const rows = await db
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.submerchantId, scope.submerchantId),
        scope.acquirer ? eq(enrollments.acquirer, scope.acquirer) : undefined,
      ),
    )
    .orderBy(enrollments.createdAt)
  return rows.map(serializeEnrollment)
}

export const ALREADY_REQUESTED = 'An enrollment has already been requested for this account'

// POST /v1/enrollments: queued, processed 2 minutes later; a second request is 409.
export async function requestEnrollment(
  db: Db,
  payload: EnrollmentPayload,
  now: Date,
): Promise<Enrollment> {
  const [row] = await db
    .insert(enrollments)
    .values({
      id: newId('enr'),
      submerchantId: payload.submerchantId,
      acquirer: payload.acquirer,
      type: payload.type,
      status: 'queued',
      processingExpectedBy: new Date(now.getTime() + ENROLLMENT_PROCESSING_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [enrollments.submerchantId, enrollments.acquirer] })
    .returning()
  if (!row) throw conflict(ALREADY_REQUESTED, 'enrollment_exists')
  return serializeEnrollment(row)
}
