import { createHash, randomBytes } from 'node:crypto'

// Opaque bearer secrets: 256 bits, URL-safe.
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

// High-entropy secrets only need a fast hash at rest: a leaked table reveals nothing usable.
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

// Ids are prefix + 20 lower-case hex (docs/sandbox-decisions.md), matching the portal's id schemas.
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`
}
