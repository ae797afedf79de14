// Checks for hostile input that must never reach PostgreSQL or a recursive walk (issue 12, item 1):
// NUL characters, unpaired UTF-16 surrogates, deep JSON nesting and prototype-named keys.

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

// Linear scan of [ and { outside strings, so nesting is refused before anything recurses.
export function exceedsJsonDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i += 1
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1
      if (depth > max) return true
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1
  }
  return false
}

export type JsonProblem = 'too_deep' | 'malformed' | 'unsafe_text' | 'reserved_key'

export type UntrustedJson = { ok: true; value: unknown } | { ok: false; problem: JsonProblem }

// JSON.parse behind the depth limit; every key and string value is checked on the way.
export function parseUntrustedJson(text: string): UntrustedJson {
  if (exceedsJsonDepth(text)) return { ok: false, problem: 'too_deep' }
  let problem: JsonProblem | null = null
  let value: unknown
  try {
    value = JSON.parse(text, (key, item: unknown) => {
      if (problem) return item
      if (RESERVED_KEYS.has(key)) problem = 'reserved_key'
      else if (hasUnsafeText(key) || (typeof item === 'string' && hasUnsafeText(item))) {
        problem = 'unsafe_text'
      }
      return item
    })
  } catch {
    return { ok: false, problem: 'malformed' }
  }
  return problem ? { ok: false, problem } : { ok: true, value }
}

export const JSON_PROBLEM_MESSAGES: Record<JsonProblem, string> = {
  too_deep: `JSON nesting is limited to ${MAX_JSON_DEPTH} levels`,
  malformed: 'Malformed JSON body',
  unsafe_text: 'Text must not contain NUL characters or unpaired surrogates',
  reserved_key: 'Field names __proto__, constructor and prototype are not allowed',
}
