import type { FetchError } from 'ofetch'

// docs/errors.md fallback texts, shown exactly as written.
export const API_ERROR_MESSAGES = {
  unknown: 'Sorry, an unknown error occurred.',
  noResponse: 'Error - no response from server.',
  notSent: 'Error - request not sent.',
} as const

// status 0: the request never got an HTTP answer.
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fieldErrors: Record<string, string[]>

  constructor(init: {
    status: number
    code: string
    message: string
    fieldErrors?: Record<string, string[]>
    cause?: unknown
  }) {
    super(init.message, { cause: init.cause })
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.fieldErrors = init.fieldErrors ?? {}
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

// Read leniently by hand (not with the arktype ErrorBody) so a malformed body never throws and
// the login bundle stays free of arktype.
function fieldErrorsOf(errors: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  if (!Array.isArray(errors)) return out
  for (const item of errors) {
    const entry = record(item)
    if (!entry || typeof entry.field !== 'string' || !Array.isArray(entry.messages)) continue
    const messages = entry.messages.filter((m): m is string => typeof m === 'string')
    out[entry.field] = [...(out[entry.field] ?? []), ...messages]
  }
  return out
}

// By name, not instanceof: ofetch (the HTTP client) stays out of the bundles that only format errors.
function isFetchError(error: unknown): error is FetchError {
  return error instanceof Error && error.name === 'FetchError'
}

// The one mapping from any failure of a request to the ApiError that screens format (docs/errors.md).
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isFetchError(error)) {
    if (error.response) {
      const body = record(error.data)
      const message = typeof body?.message === 'string' && body.message ? body.message : null
      return new ApiError({
        status: error.response.status,
        code: typeof body?.code === 'string' ? body.code : `http_${error.response.status}`,
        message: message ?? API_ERROR_MESSAGES.unknown,
        fieldErrors: fieldErrorsOf(body?.errors),
        cause: error,
      })
    }
    return new ApiError({
      status: 0,
      code: 'no_response',
      message: API_ERROR_MESSAGES.noResponse,
      cause: error,
    })
  }
  return new ApiError({
    status: 0,
    code: 'request_not_sent',
    message: API_ERROR_MESSAGES.notSent,
    cause: error,
  })
}

// Worth reporting: anything but an API answer the person is shown (4xx) or a lost connection (0).
export function isUnexpectedError(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500
}
