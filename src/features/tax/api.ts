import { queryOptions } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { TaxYearPeriods } from '@/api/schema/tax-year-values'
import type { TaxYearSummary } from '@/api/schema/tax-year'

// The tax year's keys (docs/architecture.md#keys): persisted with the rest of the account's data,
// so a year seen once opens offline with its age (docs/offline.md#reading).
export const taxKeys = {
  all: (submerchantId: string) => [submerchantId, 'tax-years'] as const,
  summary: (submerchantId: string, taxYear: string, periods: TaxYearPeriods) =>
    [submerchantId, 'tax-years', taxYear, periods] as const,
}

export const taxQueries = {
  // GET /v1/tax-years/{taxYear}/summary (docs/api.md#tax-year).
  summary: (submerchantId: string, taxYear: string, periods: TaxYearPeriods) =>
    queryOptions({
      queryKey: taxKeys.summary(submerchantId, taxYear, periods),
      queryFn: ({ signal }): Promise<TaxYearSummary> =>
        api(`/v1/tax-years/${encodeURIComponent(taxYear)}/summary`, {
          query: { submerchantId, periods },
          schema: import('@/api/schema/tax-year').then((schemas) => schemas.TaxYearSummary),
          signal,
        }),
    }),
}

// The answer of /records is CSV text, not JSON.
function csvText(data: unknown): string {
  if (typeof data !== 'string') throw new TypeError('The records were not CSV')
  return data
}

// GET /v1/tax-years/{taxYear}/records: the year's digital records as a CSV file. Not cached: the
// file is made for one download.
export async function fetchTaxRecords(submerchantId: string, taxYear: string): Promise<Blob> {
  const text = await api(`/v1/tax-years/${encodeURIComponent(taxYear)}/records`, {
    query: { submerchantId },
    schema: csvText,
  })
  return new Blob([text], { type: 'text/csv;charset=utf-8' })
}
