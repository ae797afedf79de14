// Delivery timings the delivery loop and the configuration share (config.ts checks the lease
// against the timeout without loading the loop).
export const DELIVERY_TIMEOUT_MS = 10_000
// How long a claim on due deliveries holds: longer than the timeout.
export const DEFAULT_LEASE_SECONDS = 60
