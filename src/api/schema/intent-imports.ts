import { type } from 'arktype'
import { IsoDateTime, SubmerchantId } from './common'

// A bulk create of payment links as the sandbox records it (docs/entities.md#payment-link-imports):
// the portal sends the rows itself and reports when the import starts and ends.
export const IMPORT_FILE_NAME_MAX_LENGTH = 255
// The portal's own import id: random, also the rows' Idempotency-Key prefix.
export const IntentImportId = /^[a-z0-9]{16,64}$/
export const IMPORT_MAX_ROWS = 100_000

const RowCount = type('number.integer >= 0').narrow(
  (value, ctx) => value <= IMPORT_MAX_ROWS || ctx.mustBe(`at most ${IMPORT_MAX_ROWS}`),
)

export const IntentImportStartPayload = type({
  id: IntentImportId,
  submerchantId: SubmerchantId,
  fileName: type('string > 0').atMostLength(IMPORT_FILE_NAME_MAX_LENGTH),
  rowCount: RowCount,
}).onUndeclaredKey('reject')
export type IntentImportStartPayload = typeof IntentImportStartPayload.infer

export const IntentImportCompletionPayload = type({
  created: RowCount,
  failed: RowCount,
  cancelled: RowCount,
}).onUndeclaredKey('reject')
export type IntentImportCompletionPayload = typeof IntentImportCompletionPayload.infer

export const IntentImport = type({
  id: IntentImportId,
  submerchantId: SubmerchantId,
  fileName: 'string',
  rowCount: 'number',
  status: "'started' | 'finished'",
  startedAt: IsoDateTime,
  finishedAt: type(IsoDateTime, '|', 'null'),
  created: 'number | null',
  failed: 'number | null',
  cancelled: 'number | null',
})
export type IntentImport = typeof IntentImport.infer
