import { describe, expect, it } from 'vitest'
import { API_ERROR_MESSAGES, ApiError } from '@/api/errors'
import { receiptErrorMessage, receiptSentMessage } from '@/features/receipts/messages'

describe('receiptErrorMessage', () => {
  it('adds the server message', () => {
    const error = new ApiError({ status: 404, code: 'not_found', message: 'Receipt not found' })
    expect(receiptErrorMessage(error)).toBe('Failed to send receipt: Receipt not found')
  })

  it('is the bare text without a server message', () => {
    const noAnswer = new ApiError({
      status: 0,
      code: 'no_response',
      message: API_ERROR_MESSAGES.noResponse,
    })
    const noMessage = new ApiError({ status: 500, code: 'x', message: API_ERROR_MESSAGES.unknown })
    expect(receiptErrorMessage(noAnswer)).toBe('Failed to send receipt')
    expect(receiptErrorMessage(noMessage)).toBe('Failed to send receipt')
    expect(receiptErrorMessage(new Error('boom'))).toBe('Failed to send receipt')
  })
})

describe('receiptSentMessage', () => {
  it('names the recipient', () => {
    expect(receiptSentMessage('+447700900123')).toBe('Receipt sent to +447700900123')
  })
})
