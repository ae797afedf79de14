import { Hono, type Context } from 'hono'
import {
  IntentImportCompletionPayload,
  IntentImportId,
  IntentImportStartPayload,
  type IntentImport,
} from '@/api/schema/intent-imports'
import type { ActivityFacts } from '../domain/activity'
import { finishImport, IMPORT_ERRORS, startImport } from '../domain/intent-imports'
import { requireAccess, requireEnrolled } from '../auth/access'
import type { AppEnv } from '../context'
import { forbidden, notFound } from '../errors'
import { audited } from '../lib/activity'
import { creatorId, requireAuth } from '../middleware/auth'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'

// Whoever may create payment links may report an import of them (docs/roles.md#payment-links).
async function requireImporter(c: Context<AppEnv>): Promise<string> {
  const submerchantId = requirePerspective(c)
  await requireAccess(c, 'canCreatePaymentLinks')
  await requireEnrolled(c)
  return submerchantId
}

const importObject = (record: IntentImport) => ({
  type: 'payment_link_import' as const,
  id: record.id,
  label: record.fileName,
})

// Bulk creates of payment links (docs/api.md#payment-links): their start and end, each with its activity row.
export function intentImportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // 201 when recorded now, 200 when this import was already recorded (no second row).
  app.post('/', async (c) => {
    const submerchantId = await requireImporter(c)
    const payload = await parseJsonBody(c, IntentImportStartPayload)
    if (payload.submerchantId !== submerchantId) {
      throw forbidden('You can only import payment links for the account in Token-Perspective')
    }
    const startedBy = creatorId(requireAuth(c))
    const { record, started } = await audited(
      c,
      (tx) => startImport(tx, payload, { startedBy, now: c.get('deps').clock.now() }),
      ({ record, started }): ActivityFacts | null =>
        started
          ? {
              action: 'payment_link.import_started',
              object: importObject(record),
              changes: [{ field: 'rows', before: null, after: record.rowCount }],
            }
          : null,
    )
    return c.json(record, started ? 201 : 200)
  })

  app.put('/:id/completion', async (c) => {
    const submerchantId = await requireImporter(c)
    const id = c.req.param('id')
    if (!IntentImportId.test(id)) throw notFound(IMPORT_ERRORS.notFound)
    const counts = await parseJsonBody(c, IntentImportCompletionPayload)
    const { record } = await audited(
      c,
      (tx) => finishImport(tx, { submerchantId, id, now: c.get('deps').clock.now() }, counts),
      ({ record, finished }): ActivityFacts | null =>
        finished
          ? {
              action: 'payment_link.import_finished',
              object: importObject(record),
              changes: [
                { field: 'created', before: null, after: counts.created },
                { field: 'failed', before: null, after: counts.failed },
                { field: 'cancelled', before: null, after: counts.cancelled },
              ],
            }
          : null,
    )
    return c.json(record)
  })

  return app
}
