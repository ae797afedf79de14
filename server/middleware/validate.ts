import { ArkErrors, type Type } from 'arktype'
import type { Context } from 'hono'
import { badRequest, HttpError } from '../errors'
import type { AppEnv } from '../context'
import { refuseQuery } from '../lib/whole-list'
import { fieldErrorsFrom } from './error-handler'

export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)
}

// Reads the JSON body: wrong media type → 415, unparsable → 400, empty → undefined.
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return undefined
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new HttpError(415, 'Content-Type must be application/json', 'unsupported_media_type')
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest('Malformed JSON body', undefined, 'invalid_json')
  }
}

// Validates with the shared arktype schema; failures become a 400 with field errors.
export function validate<T extends Type>(schema: T, data: unknown): T['infer'] {
  const result = schema(data) as unknown
  if (result instanceof ArkErrors) {
    throw badRequest('Invalid request', fieldErrorsFrom(result))
  }
  return result as T['infer']
}

export async function parseJsonBody<T extends Type>(c: Context, schema: T): Promise<T['infer']> {
  const body = await readJsonBody(c)
  if (body === undefined) throw badRequest('Request body required', undefined, 'invalid_json')
  return validate(schema, body)
}

// A call that takes nothing: any query parameter, or a body other than nothing or `{}`, is a 400
// (hostile input never reaches work that would run regardless).
export async function requireNoInput(c: Context<AppEnv>): Promise<void> {
  refuseQuery(c)
  const body = await readJsonBody(c)
  if (body === undefined) return
  if (typeof body !== 'object' || body === null || Object.keys(body).length > 0) {
    throw badRequest('This call takes no body', undefined, 'unexpected_body')
  }
}
