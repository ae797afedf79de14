// The date-range presets (docs/constants.md#export) as plain values (no dayjs): validateSearch reads them in the main bundle.
export const DATE_PRESETS = [
  'custom',
  'this_week',
  'last_week',
  'previous_7_days',
  'this_month',
  'last_month',
  'previous_30_days',
  'this_year',
  'last_year',
  'previous_365_days',
  'all_time',
] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  custom: 'Custom',
  this_week: 'This week',
  last_week: 'Last week',
  previous_7_days: 'Previous 7 days',
  this_month: 'This month',
  last_month: 'Last month',
  previous_30_days: 'Previous 30 days',
  this_year: 'This year',
  last_year: 'Last year',
  previous_365_days: 'Previous 365 days',
  all_time: 'All time',
}

export function isDatePreset(value: unknown): value is DatePreset {
  return DATE_PRESETS.some((preset) => preset === value)
}
