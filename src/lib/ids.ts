const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

// Unbiased random id from crypto.getRandomValues (rejection sampling over 36 symbols).
export function randomId(length = 20): string {
  let id = ''
  const bytes = new Uint8Array(length * 2)
  while (id.length < length) {
    crypto.getRandomValues(bytes)
    for (const byte of bytes) {
      if (byte < 252 && id.length < length) id += ALPHABET[byte % 36]
    }
  }
  return id
}

// docs/constants.md#sizes-and-limits: the idempotency key is a random id plus the row counter (bulk rows share the id).
export function idempotencyKey(batchId: string, rowCounter: number): string {
  if (!Number.isInteger(rowCounter) || rowCounter < 0) {
    throw new RangeError(`Row counter must be a non-negative integer: ${rowCounter}`)
  }
  return `${batchId}-${rowCounter}`
}
