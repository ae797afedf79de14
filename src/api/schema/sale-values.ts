// The sale enums (docs/entities.md#sales-and-money, docs/constants.md#sales-filters) as plain values: the sales route's validateSearch reads them from the
// main bundle, which must not pull arktype in (the /login budget).
export const SALE_METHODS = ['ecommerce', 'pos', 'softpos'] as const
export const CARD_SCHEMES = ['visa', 'mastercard', 'american_express'] as const
export const CARD_TYPES = ['credit', 'debit', 'prepaid'] as const

// What a row of a sales table shows (columns and the phone card, docs/screens.md#sales): lists ask for these fields
// alone, so the offline cache keeps only what the screens show (the detail loads the whole sale).
export const SALE_LIST_FIELDS = [
  'id',
  'amount',
  'saleAmount',
  'gratuityAmount',
  'currency',
  'capturedAt',
  'method',
  'cardScheme',
  'cardType',
  'panLastFour',
  'terminalSerialNumber',
] as const

export type SaleMethod = (typeof SALE_METHODS)[number]
export type CardScheme = (typeof CARD_SCHEMES)[number]
export type CardType = (typeof CARD_TYPES)[number]
