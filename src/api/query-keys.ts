// Key factories that more than one area (or a light early module) needs; the rest live in their
// feature's api.ts (docs/architecture.md#keys). Every key of account data starts with the
// submerchant id, and invalidation is by prefix. Kept free of imports, so the light modules
// main.tsx loads early (receipts' mutation defaults) can name a sale's key without pulling in HTTP.
export const salesKeys = {
  all: (submerchantId: string) => [submerchantId, 'sales'] as const,
  lists: (submerchantId: string) => [submerchantId, 'sales', 'list'] as const,
  list: (submerchantId: string, params: object) =>
    [submerchantId, 'sales', 'list', params] as const,
  details: (submerchantId: string) => [submerchantId, 'sales', 'detail'] as const,
  detail: (submerchantId: string, saleId: string) =>
    [submerchantId, 'sales', 'detail', saleId] as const,
}

// Payment links (intents): the offline create/resend defaults (loaded by main.tsx) name these too.
export const intentKeys = {
  all: (submerchantId: string) => [submerchantId, 'intents'] as const,
  lists: (submerchantId: string) => [submerchantId, 'intents', 'list'] as const,
  list: (submerchantId: string, params: object) =>
    [submerchantId, 'intents', 'list', params] as const,
  search: (submerchantId: string, q: string) => [submerchantId, 'intents', 'search', q] as const,
  detail: (submerchantId: string, intentId: string) =>
    [submerchantId, 'intents', 'detail', intentId] as const,
}

// Self-enrolment state of an account with one acquirer.
export const enrollmentKeys = {
  all: (submerchantId: string) => [submerchantId, 'enrollments'] as const,
  state: (submerchantId: string, acquirer: string) =>
    [submerchantId, 'enrollments', acquirer] as const,
}

// The chosen account itself (accounts) and with its plan (profile); the first is a prefix of the second.
export const submerchantKeys = {
  all: (submerchantId: string) => [submerchantId, 'submerchant'] as const,
  detail: (submerchantId: string) => [submerchantId, 'submerchant'] as const,
  planAttachment: (submerchantId: string) =>
    [submerchantId, 'submerchant', 'plan-attachment'] as const,
}

// Payouts: the live layer (events) refreshes them as well as their area.
export const payoutKeys = {
  all: (submerchantId: string) => [submerchantId, 'payouts'] as const,
  lists: (submerchantId: string) => [submerchantId, 'payouts', 'list'] as const,
  list: (submerchantId: string, params: object) =>
    [submerchantId, 'payouts', 'list', params] as const,
  detail: (submerchantId: string, payoutId: string) =>
    [submerchantId, 'payouts', 'detail', payoutId] as const,
  // The sales a payout paid, with their fees.
  contents: (submerchantId: string, payoutId: string) =>
    [submerchantId, 'payouts', 'contents', payoutId] as const,
}

// A sale's refund requests: one list per sale.
export const refundKeys = {
  all: (submerchantId: string) => [submerchantId, 'refund-requests'] as const,
  list: (submerchantId: string, saleId: string) =>
    [submerchantId, 'refund-requests', saleId] as const,
}

// The dashboard's own reads: sales summaries, terminal names, the recent payouts.
export const dashboardKeys = {
  all: (submerchantId: string) => [submerchantId, 'dashboard'] as const,
  summaries: (submerchantId: string) => [submerchantId, 'dashboard', 'summary'] as const,
  summary: (submerchantId: string, request: object) =>
    [submerchantId, 'dashboard', 'summary', request] as const,
  terminalNames: (submerchantId: string) => [submerchantId, 'dashboard', 'terminal-names'] as const,
  recentPayouts: (submerchantId: string) => [submerchantId, 'dashboard', 'recent-payouts'] as const,
}

// Developer tools: API keys, webhook endpoints and each endpoint's notification history.
export const developerKeys = {
  all: (submerchantId: string) => [submerchantId, 'developer'] as const,
  apiKeys: (submerchantId: string) => [submerchantId, 'developer', 'api-keys'] as const,
  endpoints: (submerchantId: string) => [submerchantId, 'developer', 'endpoints'] as const,
  notifications: (submerchantId: string, endpointId: string) =>
    [submerchantId, 'developer', 'endpoints', endpointId, 'notifications'] as const,
  notificationList: (submerchantId: string, endpointId: string, params: object) =>
    [...developerKeys.notifications(submerchantId, endpointId), 'list', params] as const,
  attempts: (submerchantId: string, endpointId: string, id: string) =>
    [...developerKeys.notifications(submerchantId, endpointId), 'attempts', id] as const,
}

// The bell: the person's latest notifications of the account (docs/events.md#api).
export const notificationKeys = {
  all: (submerchantId: string) => [submerchantId, 'notifications'] as const,
  feed: (submerchantId: string) => [submerchantId, 'notifications', 'feed'] as const,
}
