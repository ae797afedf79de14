import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/errors'
import {
  cardLabel,
  deleteFailedMessage,
  isRefundEditable,
  REFUND_MESSAGES,
  refundErrorMessage,
  refundStatusLabel,
  serverFieldErrors,
  validateRefundForm,
  type RefundFormValues,
} from '@/features/refunds/refund-rules'

const form = (values: Partial<RefundFormValues>): RefundFormValues => ({
  type: 'partial',
  amount: '',
  reason: 'Overcharged',
  email: '',
  ...values,
})
const limits = { refundable: 2000, currency: 'GBP' }

describe('refund status and rules', () => {
  it('shows pending and approved as Pending, humanises the rest', () => {
    expect(refundStatusLabel('pending')).toBe('Pending')
    expect(refundStatusLabel('approved')).toBe('Pending')
    expect(refundStatusLabel('rejected')).toBe('Rejected')
    expect(refundStatusLabel('completed')).toBe('Completed')
    expect(refundStatusLabel('partially_reversed')).toBe('Partially reversed')
  })

  it('lets only pending refunds be edited or deleted', () => {
    expect(isRefundEditable({ status: 'pending' })).toBe(true)
    expect(isRefundEditable({ status: 'approved' })).toBe(false)
    expect(isRefundEditable({ status: 'completed' })).toBe(false)
  })

  it('labels the card and the deletion failure', () => {
    expect(cardLabel({ cardScheme: 'visa', panLastFour: '4242' })).toBe('Visa •••• 4242')
    const error = new ApiError({
      status: 409,
      code: 'x',
      message: 'Only pending refunds can be deleted',
    })
    expect(deleteFailedMessage(error)).toBe('Request failed: Only pending refunds can be deleted')
  })

  it('falls back to the status text when the server sent no message', () => {
    const bare = new ApiError({
      status: 502,
      code: 'http_502',
      message: 'Sorry, an unknown error occurred.',
      cause: { statusText: 'Bad Gateway' },
    })
    expect(refundErrorMessage(bare)).toBe('Bad Gateway')
    const none = new ApiError({
      status: 0,
      code: 'no_response',
      message: 'Error - no response from server.',
    })
    expect(refundErrorMessage(none)).toBe('Error - no response from server.')
    expect(deleteFailedMessage(bare)).toBe('Request failed: Bad Gateway')
  })
})

describe('validateRefundForm', () => {
  it('needs a type', () => {
    const result = validateRefundForm(form({ type: null }), limits)
    expect(result).toEqual({ ok: false, errors: { type: REFUND_MESSAGES.typeRequired } })
  })

  it.each(['', '  ', 'abc', '0', '0.00', '12.345', '1e3'])(
    'refuses the partial amount %j',
    (amount) => {
      const result = validateRefundForm(form({ amount }), limits)
      expect(result).toEqual({ ok: false, errors: { amount: 'Amount required' } })
    },
  )

  it.each(['-1', '-5', ' -0.50', '-£2'])('says the partial amount %j is negative', (amount) => {
    expect(validateRefundForm(form({ amount }), limits)).toEqual({
      ok: false,
      errors: { amount: 'Amount must not be negative' },
    })
  })

  it('parses pounds and pence exactly into minor units', () => {
    expect(validateRefundForm(form({ amount: '12.30' }), limits)).toEqual({
      ok: true,
      payload: { amount: 1230, refundReason: 'Overcharged' },
    })
    expect(validateRefundForm(form({ amount: '0.29' }), limits)).toMatchObject({
      payload: { amount: 29 },
    })
    expect(validateRefundForm(form({ amount: '20' }), limits)).toMatchObject({
      payload: { amount: 2000 },
    })
  })

  it('refuses more than the refundable amount', () => {
    expect(validateRefundForm(form({ amount: '20.01' }), limits)).toEqual({
      ok: false,
      errors: { amount: 'Amount exceeds the refundable amount of £20.00' },
    })
  })

  it('makes a full refund of the rest', () => {
    expect(validateRefundForm(form({ type: 'full', amount: 'ignored' }), limits)).toEqual({
      ok: true,
      payload: { amount: 2000, refundReason: 'Overcharged' },
    })
    expect(validateRefundForm(form({ type: 'full' }), { ...limits, refundable: 0 })).toEqual({
      ok: false,
      errors: { type: REFUND_MESSAGES.fullyRefunded },
    })
  })

  it('needs a reason and checks the optional email', () => {
    expect(validateRefundForm(form({ amount: '1', reason: '   ' }), limits)).toEqual({
      ok: false,
      errors: { reason: 'Reason for refund required' },
    })
    expect(validateRefundForm(form({ amount: '1', email: 'not-an-email' }), limits)).toEqual({
      ok: false,
      errors: { email: REFUND_MESSAGES.emailInvalid },
    })
    expect(
      validateRefundForm(form({ amount: '1', email: ' rider@example.com ' }), limits),
    ).toMatchObject({ ok: true, payload: { customerEmailAddress: 'rider@example.com' } })
  })

  it('reports every failing field at once', () => {
    const result = validateRefundForm(
      { type: 'partial', amount: '', reason: '', email: 'x' },
      limits,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        amount: 'Amount required',
        reason: 'Reason for refund required',
        email: REFUND_MESSAGES.emailInvalid,
      },
    })
  })
})

describe('serverFieldErrors', () => {
  const error = new ApiError({
    status: 400,
    code: 'amount_exceeds_refundable',
    message: 'Amount exceeds the refundable amount of £1.00',
    fieldErrors: {
      amount: ['Amount exceeds the refundable amount of £1.00'],
      refundReason: ['Reason for refund required'],
      other: ['ignored'],
    },
  })

  it('puts the server messages on the form fields', () => {
    expect(serverFieldErrors(error, 'partial')).toEqual({
      amount: 'Amount exceeds the refundable amount of £1.00',
      reason: 'Reason for refund required',
    })
    expect(serverFieldErrors(error, 'full')).toMatchObject({
      type: 'Amount exceeds the refundable amount of £1.00',
    })
  })
})
