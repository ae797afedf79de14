import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { refundKeys, salesKeys } from '@/api/query-keys'
import { RefundRequest, type RefundRequestPayload } from '@/api/schema/refunds'
import { useToast } from '@/ui/toast'

const enc = encodeURIComponent
// The API writes the collection with a trailing slash (docs/api.md#sales-refunds-and-receipts).
const collectionPath = (saleId: string) => `/v1/sales/${enc(saleId)}/refund-requests/`
const itemPath = (saleId: string, refundId: string) =>
  `/v1/sales/${enc(saleId)}/refund-requests/${enc(refundId)}`

const RefundRequestList = RefundRequest.array()

export const refundQueries = {
  // GET /v1/sales/{id}/refund-requests/: every refund of the sale, oldest first.
  list: (submerchantId: string, saleId: string) =>
    queryOptions({
      queryKey: refundKeys.list(submerchantId, saleId),
      queryFn: ({ signal }) => api(collectionPath(saleId), { schema: RefundRequestList, signal }),
      // Others refund too and the refundable amount rests on it: refetch whenever it is shown.
      staleTime: 0,
    }),
}

// One mutation hook per write (docs/writes.md). Refunds are never queued offline: the buttons
// say they need a connection. After each one the refund list and the sale are read again (the
// refundable amount rests on both), before the dialog closes.
function useRefundWrite<Input, Result>(
  submerchantId: string,
  saleId: string,
  send: (input: Input) => Promise<Result>,
  done: string,
) {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation({
    mutationFn: send,
    networkMode: 'always',
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: refundKeys.list(submerchantId, saleId) }),
        queryClient.invalidateQueries({ queryKey: salesKeys.detail(submerchantId, saleId) }),
      ])
      toast.notice(done, 'success')
    },
  })
}

// POST /v1/sales/{id}/refund-requests/ (201).
export function useCreateRefundMutation(submerchantId: string, saleId: string) {
  return useRefundWrite(
    submerchantId,
    saleId,
    (payload: RefundRequestPayload) =>
      api(collectionPath(saleId), { method: 'POST', body: { ...payload }, schema: RefundRequest }),
    'Refund requested',
  )
}

// PATCH /v1/sales/{id}/refund-requests/{refundId} with the same fields (200).
export function useUpdateRefundMutation(submerchantId: string, saleId: string, refundId: string) {
  return useRefundWrite(
    submerchantId,
    saleId,
    (payload: RefundRequestPayload) =>
      api(itemPath(saleId, refundId), {
        method: 'PATCH',
        body: { ...payload },
        schema: RefundRequest,
      }),
    'Refund updated',
  )
}

// DELETE /v1/sales/{id}/refund-requests/{refundId} (204).
export function useDeleteRefundMutation(submerchantId: string, saleId: string) {
  return useRefundWrite(
    submerchantId,
    saleId,
    (refundId: string): Promise<void> => api(itemPath(saleId, refundId), { method: 'DELETE' }),
    'Refund deleted',
  )
}
