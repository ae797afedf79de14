import { describe, expect, it } from 'vitest'
import {
  DEFAULT_EXPORT_OPTIONS,
  describeDays,
  exportDays,
  exportFileName,
  exportSalesQuery,
  validateExport,
  type ExportOptions,
} from '@/features/export/export-options'
import { DATE_RANGE_MESSAGES, dayRangeToBounds } from '@/lib/dates'
import type { ListParams } from '@/lib/list-search'

// Tuesday 24 November 2026, afternoon.
const now = new Date(2026, 10, 24, 15, 0)
const options = (patch: Partial<ExportOptions>): ExportOptions => ({
  ...DEFAULT_EXPORT_OPTIONS,
  ...patch,
})

describe('export options', () => {
  it('defaults to last month as CSV, all methods, no fees, no summary', () => {
    expect(DEFAULT_EXPORT_OPTIONS).toMatchObject({
      scope: 'range',
      preset: 'last_month',
      fileType: 'csv',
      method: 'all',
      fees: false,
      summary: false,
    })
    expect(exportDays(DEFAULT_EXPORT_OPTIONS, now)).toEqual({
      start: '2026-10-01',
      end: '2026-10-31',
    })
  })

  it('asks for the range oldest first, and maps softops to method=softpos on the wire', () => {
    const query = exportSalesQuery(options({ method: 'softops' }), null, now)
    expect(query).toEqual({
      filters: { method: 'softpos' },
      capturedAt: dayRangeToBounds({ start: '2026-10-01', end: '2026-10-31' }),
      sort: { field: 'capturedAt', direction: 'asc' },
    })
    expect(exportSalesQuery(options({ method: 'pos' }), null, now).filters).toEqual({
      method: 'pos',
    })
    expect(exportSalesQuery(options({ method: 'all' }), null, now).filters).toEqual({})
  })

  it('the current view keeps its filters, range and sort, and ignores the dialog period', () => {
    const view: ListParams = {
      filters: { cardScheme: 'visa', panLastFour: '4242' },
      ranges: { capturedAt: { gte: '2026-11-01T00:00:00.000Z' } },
      sort: { field: 'amount', direction: 'desc' },
      page: 7,
    }
    const chosen = options({ scope: 'view', method: 'pos', preset: 'custom', start: '2030-01-01' })
    expect(exportSalesQuery(chosen, view, now)).toEqual({
      filters: { cardScheme: 'visa', panLastFour: '4242' },
      capturedAt: { gte: '2026-11-01T00:00:00.000Z' },
      sort: { field: 'amount', direction: 'desc' },
    })
    expect(validateExport(chosen, now)).toEqual({})
  })

  it('gives the documented texts for a custom period', () => {
    expect(
      validateExport(options({ preset: 'custom', start: '2026-11-25', end: '2026-11-30' }), now)
        .start,
    ).toBe(DATE_RANGE_MESSAGES.startAfterToday)
    expect(
      validateExport(options({ preset: 'custom', start: '2026-11-10', end: '2026-11-01' }), now)
        .end,
    ).toBe(DATE_RANGE_MESSAGES.endBeforeStart)
    expect(
      validateExport(options({ preset: 'custom', start: '2026-11-01', end: '2026-11-10' }), now),
    ).toEqual({})
  })

  it('names the file after the account and the range', () => {
    const days = { start: '2026-10-01', end: '2026-10-31' }
    expect(exportFileName('City Cabs', days, 'pdf', now)).toBe(
      'City Cabs transactions 2026-10-01 to 2026-10-31.pdf',
    )
    expect(exportFileName('City Cabs', days, 'csv', now)).toBe(
      'City Cabs transactions 2026-10-01 to 2026-10-31.csv',
    )
  })

  it('keeps file names safe: no slashes, control characters or empty account names', () => {
    const days = { start: null, end: null }
    expect(exportFileName('A/B: "Cabs"\u0000<1>', days, 'csv', now)).toBe(
      'A B Cabs 1 transactions all time.csv',
    )
    expect(exportFileName('   ', days, 'pdf', now)).toBe('Account transactions all time.pdf')
    expect(exportFileName('x'.repeat(500), days, 'csv', now).length).toBeLessThanOrEqual(204)
  })

  it('describes open ranges', () => {
    expect(describeDays({ start: null, end: null }, now)).toBe('all time')
    expect(describeDays({ start: null, end: '2026-10-31' }, now)).toBe('until 2026-10-31')
    expect(describeDays({ start: '2026-10-01', end: null }, now)).toBe('2026-10-01 to 2026-11-24')
  })
})
