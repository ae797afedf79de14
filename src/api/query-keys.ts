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
