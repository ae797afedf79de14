import { and, eq } from 'drizzle-orm'
import type {
  IntentImport,
  IntentImportCompletionPayload,
  IntentImportStartPayload,
} from '@/api/schema/intent-imports'
import type { Db } from '../db/client'
import { intentImports } from '../db/schema/intent-imports'
import { badRequest, conflict, notFound } from '../errors'

type ImportRow = typeof intentImports.$inferSelect

export const IMPORT_ERRORS = {
  notFound: 'Import not found',
  idTaken: 'An import with this id has already started with another file',
  finished: 'This import has already finished with other counts',
  tooMany: 'created, failed and cancelled add up to more than the rows of the import',
} as const

export function serializeImport(row: ImportRow): IntentImport {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    fileName: row.fileName,
    rowCount: row.rowCount,
    status: row.finishedAt ? 'finished' : 'started',
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    created: row.createdCount,
    failed: row.failedCount,
    cancelled: row.cancelledCount,
  }
}

const byId = (submerchantId: string, id: string) =>
  and(eq(intentImports.submerchantId, submerchantId), eq(intentImports.id, id))

// The import, locked for the rest of the transaction; 404 when the account has none by that id.
async function lockedImport(db: Db, submerchantId: string, id: string): Promise<ImportRow> {
  const [row] = await db.select().from(intentImports).where(byId(submerchantId, id)).for('update')
  if (!row) throw notFound(IMPORT_ERRORS.notFound)
  return row
}

/**
 * Records the start of an import; `started` is false when the same import was already recorded (a
 * retry after a lost answer, or a resume), so its activity row is written once.
 */
export async function startImport(
  db: Db,
  payload: IntentImportStartPayload,
  scope: { startedBy: string; now: Date },
): Promise<{ record: IntentImport; started: boolean }> {
  const [inserted] = await db
    .insert(intentImports)
    .values({
      submerchantId: payload.submerchantId,
      id: payload.id,
      fileName: payload.fileName,
      rowCount: payload.rowCount,
      startedBy: scope.startedBy,
      startedAt: scope.now,
    })
    .onConflictDoNothing()
    .returning()
  if (inserted) return { record: serializeImport(inserted), started: true }
  const existing = await lockedImport(db, payload.submerchantId, payload.id)
  if (existing.fileName !== payload.fileName || existing.rowCount !== payload.rowCount) {
    throw conflict(IMPORT_ERRORS.idTaken, 'import_id_taken')
  }
  return { record: serializeImport(existing), started: false }
}

/**
 * Records the end of an import with the counts the portal reports; the same end sent again
 * changes nothing (`finished` false), other counts for a finished import are a 409.
 */
export async function finishImport(
  db: Db,
  scope: { submerchantId: string; id: string; now: Date },
  counts: IntentImportCompletionPayload,
): Promise<{ record: IntentImport; finished: boolean }> {
  const row = await lockedImport(db, scope.submerchantId, scope.id)
  if (counts.created + counts.failed + counts.cancelled > row.rowCount) {
    throw badRequest(IMPORT_ERRORS.tooMany)
  }
  if (row.finishedAt) {
    const same =
      row.createdCount === counts.created &&
      row.failedCount === counts.failed &&
      row.cancelledCount === counts.cancelled
    if (!same) throw conflict(IMPORT_ERRORS.finished, 'import_finished')
    return { record: serializeImport(row), finished: false }
  }
  const [updated] = await db
    .update(intentImports)
    .set({
      finishedAt: scope.now,
      createdCount: counts.created,
      failedCount: counts.failed,
      cancelledCount: counts.cancelled,
    })
    .where(byId(scope.submerchantId, scope.id))
    .returning()
  return { record: serializeImport(updated ?? row), finished: true }
}
