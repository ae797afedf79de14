import { createHash, randomBytes } from 'node:crypto'

// Opaque bearer secrets: 256 bits, URL-safe.
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

// High-entropy secrets only need a fast hash at rest: a leaked table reveals nothing usable.
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`
}
