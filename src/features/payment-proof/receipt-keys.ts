import { queryOptions } from '@tanstack/react-query'

// The public keys that check payment proofs (docs/api.md#payment-proofs). The service worker keeps
// the last answer (docs/offline.md#payment-proofs), so this read answers with no connection too.
export const RECEIPT_KEYS_PATH = '/.well-known/receipt-keys.json'

export interface ReceiptKey {
  kid: string
  x: string
  notBefore: string
  notAfter: string | null
}

export const receiptKeyKeys = {
  all: () => ['receipt-keys'] as const,
}

function isKey(value: unknown): value is ReceiptKey {
  if (typeof value !== 'object' || value === null) return false
  const key = value as Record<string, unknown>
  return (
    typeof key.kid === 'string' &&
    key.kty === 'OKP' &&
    key.crv === 'Ed25519' &&
    typeof key.x === 'string' &&
    typeof key.notBefore === 'string' &&
    (key.notAfter === null || typeof key.notAfter === 'string')
  )
}

export async function fetchReceiptKeys(signal?: AbortSignal): Promise<ReceiptKey[]> {
  const res = await fetch(RECEIPT_KEYS_PATH, { signal, credentials: 'omit' })
  if (!res.ok) throw new Error(`The keys could not be read (${res.status})`)
  const body = (await res.json()) as { keys?: unknown }
  if (!Array.isArray(body.keys)) throw new Error('The keys file has no keys')
  return body.keys.filter(isKey).map(({ kid, x, notBefore, notAfter }) => ({
    kid,
    x,
    notBefore,
    notAfter,
  }))
}

export const receiptKeyQueries = {
  // Not account data: the same keys for every account and person. Asked for offline too (the
  // service worker answers from its copy), and again whenever the connection returns.
  all: () =>
    queryOptions({
      queryKey: receiptKeyKeys.all(),
      queryFn: ({ signal }) => fetchReceiptKeys(signal),
      networkMode: 'always',
      staleTime: 0,
      refetchOnReconnect: 'always',
      retry: false,
    }),
}
