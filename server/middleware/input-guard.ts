import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { badRequest } from '../errors'
import {
  hasUnsafeText,
  isReservedKey,
  JSON_PROBLEM_MESSAGES,
  parseUntrustedJson,
  type JsonProblem,
} from '../lib/untrusted-input'
import { isJsonContentType } from './validate'

const PROBLEM_CODES: Record<JsonProblem, string> = {
  too_deep: 'too_deep',
  malformed: 'invalid_json',
  unsafe_text: 'invalid_characters',
  reserved_key: 'invalid_request',
  bad_number: 'invalid_number',
}

const refuse = (field: string, message: string, code: string) =>
  badRequest(message, [{ field, messages: [message] }], code)

function decode(component: string): string | null {
  try {
    return decodeURIComponent(component)
  } catch {
    return null
  }
}

function checkText(field: string, raw: string): void {
  const text = decode(raw)
  if (text === null) throw refuse(field, 'Malformed percent-encoding', 'invalid_encoding')
  if (hasUnsafeText(text)) {
    throw refuse(field, JSON_PROBLEM_MESSAGES.unsafe_text, PROBLEM_CODES.unsafe_text)
  }
}

function checkUrl(url: URL): void {
  for (const segment of url.pathname.split('/')) checkText('path', segment)
  for (const pair of url.search.slice(1).split('&')) {
    if (pair === '') continue
    const cut = pair.indexOf('=')
    const rawKey = (cut === -1 ? pair : pair.slice(0, cut)).replaceAll('+', ' ')
    checkText('query', rawKey)
    checkText('query', cut === -1 ? '' : pair.slice(cut + 1).replaceAll('+', ' '))
    const key = decode(rawKey) ?? ''
    if (isReservedKey(key)) {
      throw refuse(key, JSON_PROBLEM_MESSAGES.reserved_key, PROBLEM_CODES.reserved_key)
    }
  }
}

/**
 * One place for hostile input (issue 12, item 1): NUL characters and unpaired surrogates in the path,
 * the query or a JSON body, prototype-named keys, JSON nested deeper than MAX_JSON_DEPTH, and JSON
 * numbers that are not plain safe numbers are 400 before routing, auth or the database see them.
 * Runs after the body-size limit (413).
 */
export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    checkUrl(new URL(c.req.url))
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD' && isJsonContentType(c.req.header('content-type'))) {
      const text = await c.req.text()
      if (text.trim() !== '') {
        const parsed = parseUntrustedJson(text, { plainNumbers: true })
        if (!parsed.ok) {
          const message = JSON_PROBLEM_MESSAGES[parsed.problem]
          throw parsed.problem === 'malformed'
            ? badRequest(message, undefined, PROBLEM_CODES.malformed)
            : refuse(parsed.field ?? 'body', message, PROBLEM_CODES[parsed.problem])
        }
      }
    }
    await next()
  }
}
