import type { IntentCreatePayload } from '@/api/schema/intents'
import { formatMoney } from '@/lib/money'

// Rows per page of the preview and of the results.
export const IMPORT_PAGE = 10

const count = new Intl.NumberFormat('en-GB')
export const plural = (n: number, one: string, many: string) =>
  `${count.format(n)} ${n === 1 ? one : many}`

// The amount as checked, or as the file wrote it when it could not be read.
export function amountText(payload: IntentCreatePayload | null, fallback: string | undefined) {
  return payload?.saleAmount !== undefined ? formatMoney(payload.saleAmount) : (fallback ?? '')
}
