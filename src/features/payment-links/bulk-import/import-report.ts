import type { IntentImport } from '@/api/schema/intent-imports'
import { IMPORT_FILE_NAME_MAX_LENGTH } from '@/api/schema/intent-imports'
import type { StoredImportMeta } from '@/offline/bulk-import-store'
import type { RunCounts } from './bulk-import-run'

const load = () => Promise.all([import('@/api/http'), import('@/api/schema/intent-imports')])

// POST /v1/intent-imports: the sandbox records the start (once: a resume sends it again harmlessly).
export async function reportImportStart(meta: StoredImportMeta): Promise<IntentImport> {
  const [{ api }, { IntentImport }] = await load()
  return api('/v1/intent-imports', {
    method: 'POST',
    body: {
      id: meta.id,
      submerchantId: meta.submerchantId,
      fileName: meta.fileName.slice(0, IMPORT_FILE_NAME_MAX_LENGTH),
      rowCount: meta.total,
    },
    perspective: meta.submerchantId,
    schema: IntentImport,
  })
}

// PUT /v1/intent-imports/{id}/completion: how it ended; the same end sent twice is recorded once.
export async function reportImportEnd(
  meta: StoredImportMeta,
  counts: RunCounts,
): Promise<IntentImport> {
  const [{ api }, { IntentImport }] = await load()
  return api(`/v1/intent-imports/${encodeURIComponent(meta.id)}/completion`, {
    method: 'PUT',
    body: { created: counts.success, failed: counts.error, cancelled: counts.cancelled },
    perspective: meta.submerchantId,
    schema: IntentImport,
  })
}
