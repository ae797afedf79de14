// GET /v1/tax-years' update periods (docs/api.md#tax-year) as plain values, shared by the server, the tax-year rules and the Tax year screen.
export const TAX_YEAR_PERIODS = ['standard', 'calendar'] as const
export type TaxYearPeriods = (typeof TAX_YEAR_PERIODS)[number]
