import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../context'
import { HttpError } from '../errors'
import { isJsonContentType } from './validate'

export const MAX_BODY_BYTES = 1024 * 1024

export function limitBody(maxSize = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, `Request body exceeds ${maxSize} bytes`, 'payload_too_large')
    },
  })
}

// A declared media type counts as a body too (a body without a length, as fetch can send).
function hasBody(headers: Headers): boolean {
  if (headers.has('content-type')) return true
  const length = headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return headers.has('transfer-encoding')
}

// API bodies are JSON only; anything else is refused before a handler sees it.
export function requireJsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && hasBody(c.req.raw.headers)) {
      if (!isJsonContentType(c.req.header('content-type'))) {
        throw new HttpError(415, 'Content-Type must be application/json', 'unsupported_media_type')
      }
    }
    await next()
  }
}
