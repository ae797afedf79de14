// The Tax year screen's words (docs/screens.md#tax-year), shared by the screen and the PDF statement.

export const CARD_ONLY_NOTE =
  'These figures come from card payments only. Cash fares, account work paid elsewhere and other income are not included.'
export const NOT_SENT_NOTE =
  'Nothing is sent to HMRC from here: use these figures in your Making Tax Digital software, or give the records to your accountant.'

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

// '2026-08-07' → '7 Aug 2026' (a London date, shown as it is).
export function formatTaxDate(date: string): string {
  return DATE.format(new Date(`${date}T00:00:00Z`))
}

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
