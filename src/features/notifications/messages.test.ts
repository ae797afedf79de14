import { describe, expect, it } from 'vitest'
import { EVENT_TYPES } from '@/api/schema/event-values'
import {
  bellLabel,
  eventSentence,
  eventTarget,
  unreadBadge,
} from '@/features/notifications/messages'
import { formatTimeAgo } from '@/lib/dates'

describe('eventSentence', () => {
  it('says what happened and for how much, in the money format', () => {
    expect(
      eventSentence({
        type: 'intent.succeeded',
        objectId: 'int_1',
        data: { amount: 1250, captureAmount: 1200, currency: 'EUR' },
      }),
    ).toBe('Payment link paid · €12.00')
    expect(
      eventSentence({
        type: 'sale.created',
        objectId: 's',
        data: { amount: 123456, currency: 'GBP' },
      }),
    ).toBe('New sale · £1,234.56')
    expect(
      eventSentence({
        type: 'payout.failed',
        objectId: 'p',
        data: { amount: 5000, currency: 'GBP' },
      }),
    ).toBe('Payout failed · £50.00')
    expect(
      eventSentence({
        type: 'refund_request.completed',
        objectId: 'r',
        data: { amount: 300, currency: 'GBP', saleId: 's' },
      }),
    ).toBe('Refund paid back · £3.00')
    expect(
      eventSentence({
        type: 'tax_year.deadline_reminder',
        objectId: 'taxq_2026-27_3',
        data: { deadline: '2027-02-07', leadDays: 14, daysLeft: 14 },
      }),
    ).toBe('Quarterly update reminder · due 7 Feb 2027')
  })

  it('names a failing endpoint by its URL, and leaves out what the object does not give', () => {
    expect(
      eventSentence({
        type: 'webhook_endpoint.failing',
        objectId: 'we_1',
        data: { url: 'https://hooks.example/<b>x</b>' },
      }),
    ).toBe('Webhook endpoint failing · https://hooks.example/<b>x</b>')
    expect(eventSentence({ type: 'intent.expired', objectId: 'i', data: { amount: '12' } })).toBe(
      'Payment link expired',
    )
  })

  it('has a sentence for every event type', () => {
    for (const type of EVENT_TYPES) {
      expect(eventSentence({ type, objectId: 'x', data: {} })).toMatch(/^[A-Z][a-z]/)
    }
  })
})

describe('eventTarget', () => {
  it("opens the event's object, and a refund request's sale", () => {
    const at = (type: (typeof EVENT_TYPES)[number], data: Record<string, unknown> = {}) =>
      eventTarget({ type, objectId: 'obj_1', data })
    expect(at('sale.withheld')).toEqual({
      to: '/transactions/sales/$saleId',
      params: { saleId: 'obj_1' },
    })
    expect(at('intent.cancelled')).toEqual({
      to: '/payment-links/$intentId',
      params: { intentId: 'obj_1' },
    })
    expect(at('payout.paid')).toEqual({ to: '/payouts/$payoutId', params: { payoutId: 'obj_1' } })
    expect(at('refund_request.rejected', { saleId: 'sale_7' })).toEqual({
      to: '/transactions/sales/$saleId',
      params: { saleId: 'sale_7' },
    })
    expect(at('refund_request.rejected')).toBeNull()
    expect(at('webhook_endpoint.failing')).toEqual({
      to: '/developer/endpoints/$endpointId/notifications',
      params: { endpointId: 'obj_1' },
    })
    expect(at('tax_year.deadline_reminder')).toEqual({ to: '/tax' })
  })
})

describe('the bell icon', () => {
  it('names the unread count, up to 99', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(2)).toBe('Notifications, 2 unread')
    expect(bellLabel(120)).toBe('Notifications, 99+ unread')
    expect(unreadBadge(99)).toBe('99')
  })
})

describe('formatTimeAgo', () => {
  // Local times: 'yesterday' is the device's own calendar day.
  const now = new Date('2026-11-27T12:00:00').getTime()
  it('counts minutes, then hours, then says yesterday, then the date', () => {
    expect(formatTimeAgo('2026-11-27T11:59:40', now)).toBe('Just now')
    expect(formatTimeAgo('2026-11-27T11:55:00', now)).toBe('5 min ago')
    expect(formatTimeAgo('2026-11-27T09:00:00', now)).toBe('3 h ago')
    expect(formatTimeAgo('2026-11-25T09:00:00', now)).toMatch(/^2026-11-25 /)
  })
  it('says yesterday for the day before beyond 24 hours', () => {
    expect(formatTimeAgo('2026-11-26T01:00:00', now)).toBe('Yesterday')
  })
})
