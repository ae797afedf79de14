import { JSON_PROBLEM_MESSAGES, parseUntrustedJson } from '../lib/untrusted-input'

// Parser for Sentry envelopes: a JSON header line, then item header + payload pairs.
// https://develop.sentry.dev/sdk/data-model/envelopes/

export interface EnvelopeItem {
  header: Record<string, unknown>
  // Parsed JSON, or a description of a binary/non-JSON payload.
  payload: unknown
}

export interface Envelope {
  header: Record<string, unknown>
  items: EnvelopeItem[]
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError'
}

const NEWLINE = 0x0a

function readLine(bytes: Uint8Array, start: number): { line: Uint8Array; next: number } {
  const end = bytes.indexOf(NEWLINE, start)
  return end === -1
    ? { line: bytes.subarray(start), next: bytes.length }
    : { line: bytes.subarray(start, end), next: end + 1 }
}

const decoder = new TextDecoder('utf-8', { fatal: false })

// Item JSON is stored as jsonb: too deep, NUL or unpaired surrogates refuse the whole envelope.
function parseJson(bytes: Uint8Array, what: string): { value: unknown } | null {
  const parsed = parseUntrustedJson(decoder.decode(bytes))
  if (parsed.ok) return { value: parsed.value }
  if (parsed.problem === 'malformed') return null
  throw new EnvelopeError(`${what}: ${JSON_PROBLEM_MESSAGES[parsed.problem]}`)
}

function parseObject(line: Uint8Array, what: string): Record<string, unknown> {
  const parsed = parseJson(line, what)
  if (!parsed) throw new EnvelopeError(`${what} is not valid JSON`)
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new EnvelopeError(`${what} must be a JSON object`)
  }
  return value as Record<string, unknown>
}

function parsePayload(header: Record<string, unknown>, payload: Uint8Array): unknown {
  const contentType = typeof header.content_type === 'string' ? header.content_type : ''
  const isJson = contentType === '' || contentType.includes('json')
  // Not JSON after all: keep a description rather than the raw bytes.
  const parsed = isJson ? parseJson(payload, 'Item payload') : null
  if (parsed) return parsed.value
  return {
    contentType: contentType || null,
    length: payload.length,
    filename: header.filename ?? null,
  }
}

export const MAX_ENVELOPE_ITEMS = 100

export function parseEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length === 0) throw new EnvelopeError('Envelope is empty')
  const first = readLine(bytes, 0)
  const header = parseObject(first.line, 'Envelope header')
  const items: EnvelopeItem[] = []
  let offset = first.next
  while (offset < bytes.length) {
    const headerLine = readLine(bytes, offset)
    offset = headerLine.next
    // Tolerate blank lines between items and a trailing newline.
    if (headerLine.line.length === 0) continue
    if (items.length >= MAX_ENVELOPE_ITEMS) throw new EnvelopeError('Envelope has too many items')
    const itemHeader = parseObject(headerLine.line, 'Item header')
    let payload: Uint8Array
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) {
        throw new EnvelopeError('Item length must be a non-negative integer')
      }
      if (offset + length > bytes.length) throw new EnvelopeError('Item is shorter than its length')
      payload = bytes.subarray(offset, offset + length)
      offset += length
      if (bytes[offset] === NEWLINE) offset += 1
    } else {
      const line = readLine(bytes, offset)
      payload = line.line
      offset = line.next
    }
    items.push({ header: itemHeader, payload: parsePayload(itemHeader, payload) })
  }
  return { header, items }
}

// The project id is the DSN's last path segment (https://key@host/42 → 42).
export function projectIdFromDsn(dsn: unknown): string | null {
  if (typeof dsn !== 'string') return null
  try {
    const segment = new URL(dsn).pathname.split('/').filter(Boolean).pop()
    return segment ?? null
  } catch {
    return null
  }
}
