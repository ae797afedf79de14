// The sandbox's payment-proof signing keys (docs/api.md#payment-proofs): Ed25519 pairs kept in the
// database, so every server on one database signs with the same key and publishes the same set.
import { createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sandboxSettings } from '../db/schema/platform'

const SETTING_KEY = 'receipt_keys'

// A retired key stays published this long after it stopped signing, so proofs it signed still check.
export const RETIRED_KEY_KEPT_MS = 400 * 24 * 60 * 60 * 1000

interface StoredKey {
  kid: string
  // base64url of the raw public key (the JWK's `x`) and of the private scalar (`d`).
  x: string
  d: string
  notBefore: string
  // When it stopped signing; null for the key that signs now.
  notAfter: string | null
}

interface StoredKeySet {
  keys: StoredKey[]
}

export interface PublishedKey {
  kid: string
  kty: 'OKP'
  crv: 'Ed25519'
  x: string
  notBefore: string
  notAfter: string | null
}

export interface SigningKey {
  kid: string
  privateKey: KeyObject
}

function newKey(now: Date): StoredKey {
  const { privateKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' })
  if (!jwk.x || !jwk.d) throw new Error('Ed25519 key without x or d')
  return {
    kid: `rk_${randomBytes(8).toString('hex')}`,
    x: jwk.x,
    d: jwk.d,
    notBefore: now.toISOString(),
    notAfter: null,
  }
}

function isKeySet(value: unknown): value is StoredKeySet {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys)
  )
}

async function readKeySet(db: Db): Promise<StoredKeySet | null> {
  const [row] = await db
    .select({ value: sandboxSettings.value })
    .from(sandboxSettings)
    .where(eq(sandboxSettings.key, SETTING_KEY))
  return row && isKeySet(row.value) ? row.value : null
}

// The stored set, made with its first key if there is none. Two servers starting at once each offer
// a key; the first insert wins and both read it back.
export async function ensureReceiptKeys(db: Db, now: Date): Promise<StoredKeySet> {
  const existing = await readKeySet(db)
  if (existing && existing.keys.length > 0) return existing
  const value: StoredKeySet = { keys: [newKey(now)] }
  await db
    .insert(sandboxSettings)
    .values({ key: SETTING_KEY, value, updatedAt: now })
    .onConflictDoNothing({ target: sandboxSettings.key })
  const stored = await readKeySet(db)
  if (!stored || stored.keys.length === 0) throw new Error('Receipt keys missing after insert')
  return stored
}

function current(set: StoredKeySet): StoredKey {
  const key = set.keys.find((k) => k.notAfter === null) ?? set.keys.at(-1)
  if (!key) throw new Error('No receipt signing key')
  return key
}

// The key that signs new proofs.
export async function currentSigningKey(db: Db, now: Date): Promise<SigningKey> {
  const key = current(await ensureReceiptKeys(db, now))
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: key.x, d: key.d },
    format: 'jwk',
  })
  return { kid: key.kid, privateKey }
}

function stillPublished(key: StoredKey, now: Date): boolean {
  return key.notAfter === null || Date.parse(key.notAfter) + RETIRED_KEY_KEPT_MS > now.getTime()
}

function publish(key: StoredKey): PublishedKey {
  return {
    kid: key.kid,
    kty: 'OKP',
    crv: 'Ed25519',
    x: key.x,
    notBefore: key.notBefore,
    notAfter: key.notAfter,
  }
}

// GET /.well-known/receipt-keys.json: the signing key and the retired keys still in their 400 days.
export async function publishedReceiptKeys(db: Db, now: Date): Promise<{ keys: PublishedKey[] }> {
  const set = await ensureReceiptKeys(db, now)
  return { keys: set.keys.filter((key) => stillPublished(key, now)).map(publish) }
}

// POST /sandbox/receipt-keys/rotation: a new key signs from now on; the old one stops signing and
// stays published for 400 days. The row is locked, so two rotations at once make two keys in turn.
export async function rotateReceiptKeys(
  db: Db,
  now: Date,
): Promise<{ kid: string; keys: PublishedKey[] }> {
  await ensureReceiptKeys(db, now)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: sandboxSettings.value })
      .from(sandboxSettings)
      .where(eq(sandboxSettings.key, SETTING_KEY))
      .for('update')
    const set = row && isKeySet(row.value) ? row.value : { keys: [] }
    const retired = set.keys
      .map((key) => (key.notAfter === null ? { ...key, notAfter: now.toISOString() } : key))
      .filter((key) => stillPublished(key, now))
    const fresh = newKey(now)
    const value: StoredKeySet = { keys: [...retired, fresh] }
    await tx
      .update(sandboxSettings)
      .set({ value, updatedAt: now })
      .where(eq(sandboxSettings.key, SETTING_KEY))
    return { kid: fresh.kid, keys: value.keys.map(publish) }
  })
}
