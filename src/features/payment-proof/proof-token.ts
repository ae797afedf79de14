// A payment proof's token (docs/api.md#payment-proofs): `P.S`, P the base64url of the JSON payload,
// S the base64url of the Ed25519 signature over P's ASCII bytes. Reading one checks its shape only;
// verify-proof.ts checks the signature.
import type { ProofPayload } from '@/api/schema/payment-proof'

export type { ProofPayload }

export interface ParsedProof {
  payload: ProofPayload
  // P as it was signed, and the signature's bytes.
  signed: string
  signature: Uint8Array<ArrayBuffer>
}

const BASE64URL = /^[A-Za-z0-9_-]+$/
// Far above a real proof (about 400 characters), far below what would slow a phone down.
const MAX_TOKEN_LENGTH = 4000

export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}

const isString = (value: unknown): value is string => typeof value === 'string'

function isPayload(value: unknown): value is ProofPayload {
  if (typeof value !== 'object' || value === null) return false
  const p = value as Record<string, unknown>
  return (
    p.v === 1 &&
    isString(p.kid) &&
    isString(p.sale) &&
    isString(p.acct) &&
    isString(p.name) &&
    Number.isSafeInteger(p.amt) &&
    isString(p.cur) &&
    /^[A-Z]{3}$/.test(p.cur) &&
    isString(p.last4) &&
    /^\d{4}$/.test(p.last4) &&
    isString(p.at) &&
    !Number.isNaN(Date.parse(p.at)) &&
    (p.term === null || isString(p.term))
  )
}

/** The token's payload and signature, or null when it is not a proof's shape at all. */
export function parseProofToken(token: string): ParsedProof | null {
  if (token.length > MAX_TOKEN_LENGTH) return null
  const parts = token.split('.')
  if (parts.length !== 2) return null
  const [signed = '', signatureText = ''] = parts
  const payloadBytes = base64UrlBytes(signed)
  const signature = base64UrlBytes(signatureText)
  if (!payloadBytes || !signature) return null
  let payload: unknown
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payloadBytes))
  } catch {
    return null
  }
  return isPayload(payload) ? { payload, signed, signature } : null
}

/** The token in what was scanned or pasted: a proof's link (…/v/{token}) or the token itself. */
export function proofTokenFrom(text: string): string {
  const trimmed = text.trim()
  const at = trimmed.lastIndexOf('/v/')
  const token = at >= 0 ? trimmed.slice(at + 3) : trimmed
  // A link may carry a query or a fragment after the token.
  return token.split(/[?#\s]/)[0] ?? ''
}
