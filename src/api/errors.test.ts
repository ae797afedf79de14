import { describe, expect, it } from 'vitest'
import { FetchError } from 'ofetch'
import { ApiError, toApiError } from '@/api/errors'

function httpError(status: number, data: unknown): FetchError {
  const error = new FetchError(`[GET] "/v1/x": ${status}`)
  error.response = new Response(null, { status }) as FetchError['response']
  error.status = status
  error.data = data
  return error
}

describe('toApiError', () => {
  it('uses the server message, code and field errors', () => {
    const error = toApiError(
      httpError(400, {
        message: 'Validation failed',
        code: 'invalid_request',
        errors: [
          { field: 'amount', messages: ['Amount required'] },
          { field: 'amount', messages: ['Must be positive'] },
          { field: 'refundReason', messages: ['Reason for refund required'] },
        ],
      }),
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'Validation failed',
      fieldErrors: {
        amount: ['Amount required', 'Must be positive'],
        refundReason: ['Reason for refund required'],
      },
    })
    expect(error.isClientError).toBe(true)
  })

  it('falls back to the unknown-error text when the body has no message', () => {
    for (const data of [undefined, '<html>Bad gateway</html>', { code: 'x' }, { message: '' }]) {
      const error = toApiError(httpError(502, data))
      expect(error.message).toBe('Sorry, an unknown error occurred.')
      expect(error.status).toBe(502)
      expect(error.isClientError).toBe(false)
    }
  })

  it('ignores malformed field errors', () => {
    const error = toApiError(
      httpError(400, {
        message: 'Bad',
        errors: [null, { field: 1 }, { field: 'a', messages: [2, 'ok'] }],
      }),
    )
    expect(error.fieldErrors).toEqual({ a: ['ok'] })
  })

  it('reports a missing response', () => {
    const failure = new FetchError('[GET] "/v1/x": <no response> Failed to fetch', {
      cause: new TypeError('Failed to fetch'),
    })
    expect(toApiError(failure)).toMatchObject({
      status: 0,
      code: 'no_response',
      message: 'Error - no response from server.',
    })
  })

  it('reports anything else as not sent', () => {
    expect(toApiError(new TypeError('Invalid header'))).toMatchObject({
      status: 0,
      code: 'request_not_sent',
      message: 'Error - request not sent.',
    })
  })

  it('passes an ApiError through', () => {
    const error = new ApiError({ status: 404, code: 'not_found', message: 'Not found' })
    expect(toApiError(error)).toBe(error)
  })
})
