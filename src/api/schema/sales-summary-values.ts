// GET /v1/sales/summary's groupings (docs/api.md#sales-summary) as plain values, shared by the server and the dashboard.
export const SUMMARY_GROUP_BYS = [
  'day',
  'hour',
  'weekday',
  'terminal',
  'cardScheme',
  'method',
  'cardType',
] as const
export type SummaryGroupBy = (typeof SUMMARY_GROUP_BYS)[number]

// The longest capturedAt range one summary covers (a year and a little, so a year compares with the last).
export const SUMMARY_MAX_DAYS = 400
