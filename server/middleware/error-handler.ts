import { ArkErrors, TraversalError } from 'arktype'
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { matchedRoutes } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../context'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable'
import { HttpError, type FieldError } from '../errors'
import { BRIEFLY_UNAVAILABLE } from './deadline'

export interface ErrorBody {
  message: string
  code: string
  errors?: FieldError[]
  requestId?: string
}

// arktype problems grouped per field ("customerAddress.postcode"); the root is reported as "body".
export function fieldErrorsFrom(errors: ArkErrors): FieldError[] {
  const byField = new Map<string, string[]>()
  for (const error of errors) {
    const field = error.path.length > 0 ? error.path.join('.') : 'body'
    byField.set(field, [...(byField.get(field) ?? []), error.message])
  }
  return [...byField].map(([field, messages]) => ({ field, messages }))
}

export function errorResponse(c: Context, status: number, body: ErrorBody): Response {
  return c.json(body, status as ContentfulStatusCode)
}

interface KnownError {
  status: number
  body: ErrorBody
  retryAfterSeconds?: number
}

function toErrorBody(err: unknown): KnownError | null {
  if (err instanceof HttpError) {
    const body: ErrorBody = { message: err.message, code: err.code ?? codeForStatus(err.status) }
    if (err.errors) body.errors = err.errors
    return { status: err.status, body }
  }
  if (err instanceof ArkErrors || err instanceof TraversalError) {
    const errors = err instanceof TraversalError ? err.arkErrors : err
    return {
      status: 400,
      body: {
        message: 'Invalid request',
        code: 'invalid_request',
        errors: fieldErrorsFrom(errors),
      },
    }
  }
  if (err instanceof HTTPException) {
    const status = err.status
    return {
      status,
      body: { message: err.message || statusText(status), code: codeForStatus(status) },
    }
  }
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      body: { message: BRIEFLY_UNAVAILABLE, code: 'database_unavailable' },
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    }
  }
  if (err instanceof SyntaxError) {
    return { status: 400, body: { message: 'Malformed JSON body', code: 'invalid_json' } }
  }
  return null
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request'
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 405:
      return 'method_not_allowed'
    case 409:
      return 'conflict'
    case 413:
      return 'payload_too_large'
    case 415:
      return 'unsupported_media_type'
    case 422:
      return 'unprocessable_entity'
    case 429:
      return 'too_many_requests'
    default:
      return status >= 500 ? 'internal_error' : 'request_failed'
  }
}

function statusText(status: number): string {
  return status >= 500 ? 'Internal server error' : 'Request failed'
}

// The registered pattern of the failing route (/v1/sales/:id), never the concrete path or query.
function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c)
  const handler = routes.findLast((route) => route.method !== 'ALL') ?? routes.at(c.req.routeIndex)
  return handler?.path ?? '(no route)'
}

// Class names only (DrizzleQueryError <- DatabaseError): messages may quote query values.
function errorClass(err: unknown): string {
  const names: string[] = []
  for (let cause = err; cause instanceof Error && names.length < 3; cause = cause.cause) {
    names.push(cause.constructor.name)
  }
  return names.length > 0 ? names.join(' <- ') : typeof err
}

// The one error handler: every failure becomes the error body (docs/api.md#errors), never a stack. The log
// line holds the method, route pattern, status, request id and error class: no values, bodies,
// cookies or headers, which may hold personal data or secrets.
export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  const known = knownError(err)
  const retryAfter = err instanceof HttpError ? err.retryAfterSeconds : known?.retryAfterSeconds
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
  if (known) {
    if (known.status === 503 && !(err instanceof HttpError)) {
      console.error(
        `${c.req.method} ${routePattern(c)} 503 ${c.get('requestId')} ${errorClass(err)}`,
      )
    }
    return errorResponse(c, known.status, known.body)
  }
  const requestId = c.get('requestId')
  console.error(`${c.req.method} ${routePattern(c)} 500 ${requestId} ${errorClass(err)}`)
  return errorResponse(c, 500, {
    message: 'Internal server error',
    code: 'internal_error',
    requestId,
  })
}

// Building the body must not fail the handler itself (a field walk over hostile input).
function knownError(err: unknown): KnownError | null {
  try {
    return toErrorBody(err)
  } catch {
    return null
  }
}

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, 404, { message: 'Not found', code: 'not_found' })
