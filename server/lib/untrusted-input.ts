// Checks for hostile input that must never reach PostgreSQL or a recursive walk (issue 12, item 1):
// NUL characters, unpaired UTF-16 surrogates, deep JSON nesting, prototype-named keys and numbers
// beyond what JavaScript reads exactly.

export const MAX_JSON_DEPTH = 64

// Keys that mean something to JavaScript objects; no payload of the API uses them.
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const UNSAFE_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

// PostgreSQL text and jsonb refuse both: NUL bytes and unpaired surrogates.
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text)
}

// A query or form key such as '__proto__' or 'constructor[$gte]'.
export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key.replace(/\[[^\]]*\]$/, ''))
}

interface JsonShape {
  tooDeep: boolean
  exponent: boolean
}

// Linear scan outside strings: nesting of [ and { (refused before anything recurses), and any
// exponent ('e' right after a digit is the only place an e can stand outside a string or literal).
function jsonShape(text: string, max: number): JsonShape {
  let depth = 0
  let inString = false
  let exponent = false
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i += 1
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1
      if (depth > max) return { tooDeep: true, exponent }
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1
    else if ((ch === 0x65 || ch === 0x45) && isDigit(text.charCodeAt(i - 1))) exponent = true
  }
  return { tooDeep: false, exponent }
}

const isDigit = (ch: number) => ch >= 0x30 && ch <= 0x39
// The member holding an exponent, to name it in the error (plain keys only).
const EXPONENT_MEMBER = /"([\w$-]+)"\s*:\s*-?\d+(?:\.\d+)?[eE]/

export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  return jsonShape(text, max).tooDeep
}

// A number no field of the API takes: beyond 2^53 (it would not even read back as written) or -0.
function isUnsafeNumber(value: number): boolean {
  return Math.abs(value) > Number.MAX_SAFE_INTEGER || Object.is(value, -0)
}

export type JsonProblem = 'too_deep' | 'malformed' | 'unsafe_text' | 'reserved_key' | 'bad_number'

export type UntrustedJson =
  { ok: true; value: unknown } | { ok: false; problem: JsonProblem; field?: string }

/**
 * JSON.parse behind the depth limit; every key and string value is checked on the way. With
 * `plainNumbers` (API bodies) numbers must be written plainly too: no exponent, no -0, nothing
 * beyond ±(2^53 − 1); error reports from browsers keep whatever numbers they carry.
 */
export function parseUntrustedJson(
  text: string,
  opts: { plainNumbers?: boolean } = {},
): UntrustedJson {
  const shape = jsonShape(text, MAX_JSON_DEPTH)
  if (shape.tooDeep) return { ok: false, problem: 'too_deep' }
  let problem: JsonProblem | null = null
  let field: string | undefined
  let value: unknown
  try {
    value = JSON.parse(text, (key, item: unknown) => {
      if (problem) return item
      if (RESERVED_KEYS.has(key)) problem = 'reserved_key'
      else if (hasUnsafeText(key) || (typeof item === 'string' && hasUnsafeText(item))) {
        problem = 'unsafe_text'
      } else if (opts.plainNumbers && typeof item === 'number' && isUnsafeNumber(item)) {
        problem = 'bad_number'
        field = key || undefined
      }
      return item
    })
  } catch {
    return { ok: false, problem: 'malformed' }
  }
  if (!problem && opts.plainNumbers && shape.exponent) {
    problem = 'bad_number'
    field = EXPONENT_MEMBER.exec(text)?.[1]
  }
  return problem ? { ok: false, problem, ...(field ? { field } : {}) } : { ok: true, value }
}

export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  too_deep: `JSON nesting is limited to ${MAX_JSON_DEPTH} levels`,
  malformed: 'Malformed JSON body',
  unsafe_text: 'Text must not contain NUL characters or unpaired surrogates',
  reserved_key: 'Field names __proto__, constructor and prototype are not allowed',
  bad_number: `Numbers must be written plainly (no exponent, no -0) within ±${Number.MAX_SAFE_INTEGER}`,
}
