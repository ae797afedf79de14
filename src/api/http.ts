import type { ArkErrors } from 'arktype'
import { ofetch, type FetchResponse } from 'ofetch'
import { apiBaseUrl } from '@/config/api'
import { type ApiError, toApiError } from '@/api/errors'
import { buildListQuery, parseListTotal, type ListQuery, type ListTotal } from '@/api/list-query'
import { getPerspective } from '@/api/perspective'

// An arktype schema (or anything called the same way) that checks a response body.
export type Validator<T> = (data: unknown) => T | ArkErrors

// Recognised by shape, not instanceof, so the client does not pull arktype into the /login bundle.
function isArkErrors(value: unknown): value is ArkErrors {
  return (
    Array.isArray(value) &&
    typeof (value as { summary?: unknown }).summary === 'string' &&
    typeof (value as { byPath?: unknown }).byPath === 'object'
  )
}

// arktype runs interpreted in the page (the Content-Security-Policy allows no eval), where a check
// that gathers errors costs about seven times one that only answers yes or no (1.6 against 0.2 ms
// for a page of 100 sales). A schema that changes nothing (no morph) gives back the very value it
// allows, so the yes-or-no check comes first and the full run is left for a value it refuses, to
// say why.
interface PlainCheck {
  allows(data: unknown): boolean
  internal: { includesTransform: boolean }
}
function isPlainCheck(schema: object): schema is PlainCheck {
  const candidate = schema as Partial<PlainCheck>
  return typeof candidate.allows === 'function' && candidate.internal?.includesTransform === false
}

export function runValidator<T>(schema: Validator<T>, data: unknown): T | ArkErrors {
  if (isPlainCheck(schema) && schema.allows(data)) return data as T
  return schema(data)
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: HttpMethod
  body?: Record<string, unknown> | unknown[]
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  // docs/api.md#wire-format "cache bypass header": Cache-Control: no-cache.
  bypassCache?: boolean
  idempotencyKey?: string
  // The account the call speaks for, when not the chosen one (an outbox replay after a switch).
  perspective?: string
  signal?: AbortSignal
  // The token calls themselves must not trigger a refresh-and-retry.
  skipAuthRecovery?: boolean
}

export interface ListPage<T> extends ListTotal {
  items: T[]
}

// A response that does not match its schema is a bug or a contract change, not a user error.
export class ResponseValidationError extends Error {
  constructor(
    readonly path: string,
    readonly summary: string,
  ) {
    super(`Unexpected response from ${path}: ${summary}`)
    this.name = 'ResponseValidationError'
  }
}

/**
 * Where the sign-in issue plugs refresh-on-401/403 and forced logout in: called once per failed
 * request with status 401 or 403; resolve true after refreshing the tokens to retry the request
 * once, false (or throw) to fail it.
 */
export type AuthFailureHandler = (error: ApiError, sentAt: number) => Promise<boolean>

export interface ApiClientConfig {
  baseURL: string
  getPerspective: () => string | null
  fetch?: typeof globalThis.fetch
}

export function createApiClient(config: ApiClientConfig) {
  const $fetch = ofetch.create(
    {
      baseURL: config.baseURL || undefined,
      credentials: 'include',
      // TanStack Query owns retries.
      retry: 0,
    },
    config.fetch ? { fetch: config.fetch } : {},
  )
  let onAuthFailure: AuthFailureHandler | null = null
  let onRetryFailure: ((error: ApiError) => void) | null = null

  function headersFor(options: RequestOptions): Record<string, string> {
    const perspective = options.perspective ?? config.getPerspective()
    return {
      'X-Requested-With': 'portal',
      ...(perspective ? { 'Token-Perspective': perspective } : {}),
      ...(options.bypassCache ? { 'Cache-Control': 'no-cache' } : {}),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      ...options.headers,
    }
  }

  async function send(
    path: string,
    options: RequestOptions,
    canRecover = !options.skipAuthRecovery,
  ): Promise<FetchResponse<unknown>> {
    const sentAt = Date.now()
    try {
      return await $fetch.raw(path, {
        method: options.method ?? 'GET',
        body: options.body,
        query: options.query,
        headers: headersFor(options),
        signal: options.signal,
      })
    } catch (cause) {
      const error = toApiError(cause)
      if (canRecover && (error.status === 401 || error.status === 403) && onAuthFailure) {
        if (await onAuthFailure(error, sentAt)) {
          try {
            return await send(path, options, false)
          } catch (retryCause) {
            onRetryFailure?.(toApiError(retryCause))
            throw retryCause
          }
        }
      }
      throw error
    }
  }

  function validate<T>(path: string, data: unknown, schema: Validator<T>): T {
    const result = runValidator(schema, data)
    if (isArkErrors(result)) throw new ResponseValidationError(path, result.summary)
    return result
  }

  // The schema may still be loading (a lazily imported module): the request leaves first, at once,
  // and the answer is checked once both are here.
  function api<T>(
    path: string,
    options: RequestOptions & { schema: Validator<T> | Promise<Validator<T>> },
  ): Promise<T>
  function api(path: string, options?: RequestOptions): Promise<void>
  async function api<T>(
    path: string,
    options: RequestOptions & { schema?: Validator<T> | Promise<Validator<T>> } = {},
  ): Promise<T | void> {
    const sent = send(path, options)
    const { schema } = options
    // A schema that fails to load is the request's failure, told once, below.
    if (schema instanceof Promise) schema.catch(() => undefined)
    const response = await sent
    if (schema) return validate(path, response._data, await schema)
  }

  // A list (docs/api.md#lists): the body is an array of items, the total comes from the Total-Count headers.
  // As api(), the schema may still be loading: the request leaves first.
  async function apiList<T>(
    path: string,
    query: ListQuery,
    schema: Validator<T> | Promise<Validator<T>>,
    options: Omit<RequestOptions, 'method' | 'body' | 'query'> = {},
  ): Promise<ListPage<T>> {
    const sent = send(path, { ...options, query: buildListQuery(query) })
    if (schema instanceof Promise) schema.catch(() => undefined)
    const response = await sent
    const body: unknown = response._data
    if (!Array.isArray(body)) throw new ResponseValidationError(path, 'expected a JSON array')
    const check = await schema
    const items = body.map((item, index) => validate(`${path} [${index}]`, item, check))
    return { items, ...parseListTotal(response.headers, items.length) }
  }

  // onRetry sees the failure of the retried request (a second invalid_token forces logout, docs/states.md#forced-logout).
  function setAuthFailureHandler(
    handler: AuthFailureHandler | null,
    onRetry: ((error: ApiError) => void) | null = null,
  ): void {
    onAuthFailure = handler
    onRetryFailure = onRetry
  }

  return { api, apiList, setAuthFailureHandler }
}

// The one HTTP client of the portal.
const client = createApiClient({ baseURL: apiBaseUrl(), getPerspective })

export const { api, apiList, setAuthFailureHandler } = client
