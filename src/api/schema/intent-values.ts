// The intent enums (docs/states.md#payment-links) as plain values: the payment-links route's validateSearch reads them from
// the main bundle, which must not pull arktype in (the /login budget).
export const INTENT_STATUSES = [
  'created',
  'pending',
  'error',
  'payment_declined',
  'requires_3ds_fingerprint',
  'requires_3ds_challenge',
  'authorized_pending_capture',
  'succeeded',
  'cancelled',
  'expired',
] as const

// Statuses after which nothing more happens to an intent.
export const FINAL_INTENT_STATUSES = [
  'payment_declined',
  'succeeded',
  'cancelled',
  'expired',
] as const satisfies readonly (typeof INTENT_STATUSES)[number][]

export const CAPTURE_MODES = ['automatic', 'manual'] as const
