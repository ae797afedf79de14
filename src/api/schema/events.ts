import { type } from 'arktype'
import { IsoDateTime, SubmerchantId } from './common'
import { EVENT_TYPES } from './event-values'

export const EventId = type(/^evt_[0-9a-f]{16,40}$/)

export const EventType = type.enumerated(...EVENT_TYPES)

// One event as the list, the stream and the bell carry it (docs/events.md).
export const AccountEvent = type({
  id: 'string',
  type: EventType,
  submerchantId: SubmerchantId,
  createdAt: IsoDateTime,
  objectId: 'string',
  data: 'Record<string, unknown>',
})
export type AccountEvent = typeof AccountEvent.infer

export const Notification = AccountEvent.and({ readAt: type(IsoDateTime, '|', 'null') })
export type Notification = typeof Notification.infer

export const NotificationFeed = type({
  unreadCount: 'number.integer >= 0',
  notifications: Notification.array(),
})
export type NotificationFeed = typeof NotificationFeed.infer

export const MarkReadPayload = type({ upTo: 'string' })
export type MarkReadPayload = typeof MarkReadPayload.infer

export const PushSubscriptionPayload = type({
  endpoint: 'string.url <= 2048',
  keys: { p256dh: 'string <= 200', auth: 'string <= 100' },
  submerchantIds: SubmerchantId.array().atMostLength(100),
  eventTypes: EventType.array().atMostLength(EVENT_TYPES.length),
})
export type PushSubscriptionPayload = typeof PushSubscriptionPayload.infer

export const PushSubscription = type({
  id: 'string',
  // The device's push service address: the portal finds this device's subscription by it.
  endpoint: 'string',
  submerchantIds: SubmerchantId.array(),
  eventTypes: EventType.array(),
  createdAt: IsoDateTime,
})
export type PushSubscription = typeof PushSubscription.infer

export const VapidPublicKey = type({ publicKey: 'string' })
