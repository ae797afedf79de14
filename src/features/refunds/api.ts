import { queryOptions } from '@tanstack/react-query'
import { api } from '@/api/http'
import { RefundRequest, type RefundRequestPayload } from '@/api/schema/refunds'

const enc = encodeURIComponent
// §7 writes the collection with a trailing slash.
const collectionPath = (saleId: string) => `/v1/sales/${enc(saleId)}/refund-requests/`
const itemPath = (saleId: string, refundId: string) =>
  `/v1/sales/${enc(saleId)}/refund-requests/${enc(refundId)}`

const RefundRequestList = RefundRequest.array()

// Keys start with the submerchant id (ARCHITECTURE "Keys"); one list per sale.
export const refundKeys = {
  all: (submerchantId: string) => [submerchantId, 'refund-requests'] as const,
  list: (submerchantId: string, saleId: string) =>
    [submerchantId, 'refund-requests', saleId] as const,
}

export const refundQueries = {
  // §7 GET /v1/sales/{id}/refund-requests/: every refund of the sale, oldest first.
  list: (submerchantId: string, saleId: string) =>
    queryOptions({
      queryKey: refundKeys.list(submerchantId, saleId),
      queryFn: ({ signal }) => api(collectionPath(saleId), { schema: RefundRequestList, signal }),
      // Others refund too and the refundable amount rests on it: refetch whenever it is shown.
      staleTime: 0,
    }),
}

// Refunds are never queued offline (ARCHITECTURE "Writing"): plain calls for useMutation.

// §7 POST /v1/sales/{id}/refund-requests/ (201).
export function createRefund(saleId: string, payload: RefundRequestPayload) {
  return api(collectionPath(saleId), {
    method: 'POST',
    body: { ...payload },
    schema: RefundRequest,
  })
}

// §7 PATCH /v1/sales/{id}/refund-requests/{refundId} with the same fields (200).
export function updateRefund(saleId: string, refundId: string, payload: RefundRequestPayload) {
  return api(itemPath(saleId, refundId), {
    method: 'PATCH',
    body: { ...payload },
    schema: RefundRequest,
  })
}

// §7 DELETE /v1/sales/{id}/refund-requests/{refundId} (204).
export function deleteRefund(saleId: string, refundId: string) {
  return api(itemPath(saleId, refundId), { method: 'DELETE' })
}
