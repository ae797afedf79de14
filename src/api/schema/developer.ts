import { type } from 'arktype'
import {
  ApiKeyId,
  IsoDateTime,
  SaleId,
  SubmerchantId,
  WebhookAttemptId,
  WebhookEndpointId,
  WebhookNotificationId,
} from './common'
import { API_KEY_RESOURCES, WEBHOOK_EVENTS } from './developer-values'

export { API_KEY_RESOURCES, WEBHOOK_EVENTS }

export const API_KEY_PERMISSIONS = Object.entries(API_KEY_RESOURCES).flatMap(([resource, ops]) =>
  ops.map((op) => `${resource}:${op}`),
)

export const Permission = type('string').narrow(
  (value, ctx) =>
    API_KEY_PERMISSIONS.includes(value) || ctx.mustBe('a known resource:operation permission'),
)

export const ApiKey = type({
  id: ApiKeyId,
  submerchantId: SubmerchantId,
  name: 'string | null',
  identifier: 'string',
  isEnabled: 'boolean',
  lastSeenAt: type(IsoDateTime, '|', 'null'),
  permissions: 'string[]',
  createdAt: IsoDateTime,
  // Returned once, on creation only.
  'token?': 'string',
})
export type ApiKey = typeof ApiKey.infer

export const ApiKeyCreatePayload = type({
  submerchantId: SubmerchantId,
  'name?': 'string <= 100 | null',
  permissions: Permission.array(),
})
export type ApiKeyCreatePayload = typeof ApiKeyCreatePayload.infer

export const ToggleEnabledPayload = type({ isEnabled: 'boolean' })
export type ToggleEnabledPayload = typeof ToggleEnabledPayload.infer

export const WebhookEvent = type.enumerated(...WEBHOOK_EVENTS)
export type WebhookEvent = typeof WebhookEvent.infer

export const WebhookEndpoint = type({
  id: WebhookEndpointId,
  submerchantId: SubmerchantId,
  name: 'string | null',
  url: 'string',
  events: WebhookEvent.array(),
  isEnabled: 'boolean',
  createdAt: IsoDateTime,
  // Returned once, on creation only.
  'signingSecret?': 'string',
})
export type WebhookEndpoint = typeof WebhookEndpoint.infer

export const WebhookEndpointCreatePayload = type({
  submerchantId: SubmerchantId,
  'name?': 'string <= 100 | null',
  url: type('string.url <= 2048').configure({ message: 'A valid URL is required' }),
  events: WebhookEvent.array().moreThanLength(0),
  'isEnabled?': 'boolean',
})
export type WebhookEndpointCreatePayload = typeof WebhookEndpointCreatePayload.infer

export const TestNotificationPayload = type({
  event: WebhookEvent,
  // Optional in the shape so a missing sale gets the message (docs/validation.md#developer-tools) ('A sale must be selected').
  'saleId?': SaleId.configure({ message: 'A sale must be selected' }),
})
export type TestNotificationPayload = typeof TestNotificationPayload.infer

export const WebhookNotification = type({
  id: WebhookNotificationId,
  endpointId: WebhookEndpointId,
  event: WebhookEvent,
  hasSucceeded: 'boolean',
  attemptCount: 'number.integer >= 0',
  createdAt: IsoDateTime,
})
export type WebhookNotification = typeof WebhookNotification.infer

// Resend, single or bulk (beyond the calls of docs/api.md#developer-tools): the notifications become due again.
export const ResendNotificationsPayload = type({
  notificationIds: WebhookNotificationId.array().atLeastLength(1).atMostLength(100),
})
export type ResendNotificationsPayload = typeof ResendNotificationsPayload.infer

const Headers = type({ '[string]': 'string' })

export const WebhookAttempt = type({
  id: WebhookAttemptId,
  createdAt: IsoDateTime,
  requestUrl: 'string',
  requestHeaders: Headers,
  requestBody: 'string',
  responseStatusCode: 'number.integer | null',
  responseHeaders: Headers.or('null'),
  responseBody: 'string | null',
})
export type WebhookAttempt = typeof WebhookAttempt.infer
