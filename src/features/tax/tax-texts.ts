// The Tax year screen's words (docs/screens.md#tax-year), shared by the screen and the PDF statement.

export const CARD_ONLY_NOTE =
  'These figures come from card payments only. Cash fares, account work paid elsewhere and other income are not included.'
export const NOT_SENT_NOTE =
  'Nothing is sent to HMRC from here: use these figures in your Making Tax Digital software, or give the records to your accountant.'

// '2026-08-07' → '7 Aug 2026'; kept with the tax-year rules, which a reminder's push uses too.
export { formatTaxDate } from '@/lib/tax-year'

export function quarterTitle(quarter: number): string {
  return `Quarter ${quarter}`
}

// The files' names: the same as the sandbox's Content-Disposition for the records.
export function recordsFileName(submerchantId: string, taxYear: string): string {
  return `tax-year-${taxYear}-${submerchantId}.csv`
}

export function statementFileName(taxYear: string): string {
  return `annual-statement-${taxYear}.pdf`
}
