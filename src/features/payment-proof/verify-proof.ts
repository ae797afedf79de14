// Checks a payment proof on the device (docs/screens.md#check-a-payment): the shape, the key, then
// the Ed25519 signature with WebCrypto, or @noble/ed25519 where the browser has no Ed25519.
import { loadModule } from '@/lib/lazy-load'
import { base64UrlBytes, parseProofToken, type ProofPayload } from './proof-token'
import type { ReceiptKey } from './receipt-keys'

export type NotGenuineReason = 'format' | 'key' | 'signature'

export type Verdict =
  | { kind: 'genuine'; payload: ProofPayload }
  | { kind: 'other-account'; payload: ProofPayload }
  | { kind: 'not-genuine'; reason: NotGenuineReason }

// What failed, in plain words (docs/screens.md#check-a-payment).
export const NOT_GENUINE_MESSAGES: Record<NotGenuineReason, string> = {
  format: 'This is not a proof of payment: the code or link is incomplete or was made up.',
  key: 'It was not signed with one of our keys, so it did not come from us.',
  signature:
    'Its signature does not match its details: the amount, account or card was changed after it was signed.',
}

type Verifier = (
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) => Promise<boolean>

const ED25519 = { name: 'Ed25519' } as const

async function webCryptoVerifier(x: Uint8Array<ArrayBuffer>): Promise<Verifier> {
  const key = await crypto.subtle.importKey('raw', x, ED25519, false, ['verify'])
  return (signature, data) => crypto.subtle.verify(ED25519, key, signature, data)
}

// Browsers without WebCrypto's Ed25519 (older Safari and Firefox) load the library on first use.
async function nobleVerifier(x: Uint8Array<ArrayBuffer>): Promise<Verifier> {
  const ed = await loadModule(() => import('@noble/ed25519'))
  return (signature, data) => ed.verifyAsync(signature, data, x)
}

// One imported key per published key for the life of the page: a second check skips the import.
const verifiers = new Map<string, Promise<Verifier>>()

function verifierFor(key: ReceiptKey, x: Uint8Array<ArrayBuffer>): Promise<Verifier> {
  const id = `${key.kid}:${key.x}`
  let verifier = verifiers.get(id)
  if (!verifier) {
    verifier = webCryptoVerifier(x).catch(() => nobleVerifier(x))
    verifier.catch(() => verifiers.delete(id))
    verifiers.set(id, verifier)
  }
  return verifier
}

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0))

export type SignatureCheck =
  { ok: true; payload: ProofPayload } | { ok: false; reason: NotGenuineReason }

async function checkSignatureNow(
  token: string,
  keys: readonly ReceiptKey[],
): Promise<SignatureCheck> {
  const proof = parseProofToken(token)
  if (!proof) return { ok: false, reason: 'format' }
  const key = keys.find((k) => k.kid === proof.payload.kid)
  const x = key ? base64UrlBytes(key.x) : null
  if (!key || !x || x.length !== 32) return { ok: false, reason: 'key' }
  if (proof.signature.length !== 64) return { ok: false, reason: 'signature' }
  const verify = await verifierFor(key, x)
  const valid = await verify(proof.signature, ascii(proof.signed)).catch(() => false)
  return valid ? { ok: true, payload: proof.payload } : { ok: false, reason: 'signature' }
}

// Checks already made in this page, by token and key set: the check screen starts one as a code is
// read, and the verdict screen shows it at its first render.
const settled = new Map<string, SignatureCheck>()
const keySetOf = (keys: readonly ReceiptKey[]) => keys.map((k) => `${k.kid}:${k.x}`).join(',')

export function settledSignature(
  token: string,
  keys: readonly ReceiptKey[],
): SignatureCheck | undefined {
  return settled.get(`${keySetOf(keys)} ${token}`)
}

export async function checkSignature(
  token: string,
  keys: readonly ReceiptKey[],
): Promise<SignatureCheck> {
  const id = `${keySetOf(keys)} ${token}`
  const known = settled.get(id)
  if (known) return known
  const check = await checkSignatureNow(token, keys)
  settled.set(id, check)
  return check
}

/**
 * The verdict of a signature check: `isMember` says whether the person belongs to an account (a
 * genuine proof of an account they are not in is 'Paid to another account').
 */
export function verdictOf(
  check: SignatureCheck,
  isMember: (accountId: string) => boolean,
): Verdict {
  if (!check.ok) return { kind: 'not-genuine', reason: check.reason }
  return isMember(check.payload.acct)
    ? { kind: 'genuine', payload: check.payload }
    : { kind: 'other-account', payload: check.payload }
}

/** The verdict on a token, with no connection. */
export async function checkProof(
  token: string,
  keys: readonly ReceiptKey[],
  isMember: (accountId: string) => boolean,
): Promise<Verdict> {
  return verdictOf(await checkSignature(token, keys), isMember)
}
