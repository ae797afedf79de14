// The one error the server throws; the error handler turns it into the error body (docs/api.md#errors).
export interface FieldError {
  field: string
  messages: string[]
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: FieldError[],
    // Sent as Retry-After (429, 503).
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, errors?: FieldError[], code = 'invalid_request') =>
  new HttpError(400, message, code, errors)
export const unauthorized = (message = 'Unauthorized', code = 'unauthorized') =>
  new HttpError(401, message, code)
export const forbidden = (message = 'Forbidden', code = 'forbidden') =>
  new HttpError(403, message, code)
export const notFound = (message = 'Not found', code = 'not_found') =>
  new HttpError(404, message, code)
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code)
