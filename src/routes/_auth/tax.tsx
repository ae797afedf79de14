import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { useState } from 'react'
import { pageTitle } from '@/config/app'
import { taxQueries } from '@/features/tax/api'
import { keepPeriodsChoice, readPeriodsChoice } from '@/features/tax/periods-choice'
import { pickerYears, TaxYearScreen } from '@/features/tax/tax-year-screen'
import { loadQuery } from '@/lib/load-query'
import { optionalString } from '@/lib/search'
import { parseTaxYear, taxYearLabel, taxYearOf, TAX_YEARS_BACK } from '@/lib/tax-year'

// The tax year shown: the one in the URL when the picker offers it, else the current one.
function chosenYear(year: string | undefined): string {
  const current = taxYearOf(Date.now())
  const start = year === undefined ? null : parseTaxYear(year)
  return start !== null && start <= current && start >= current - TAX_YEARS_BACK
    ? taxYearLabel(start)
    : taxYearLabel(current)
}

// /tax (docs/screens.md#tax-year): every member may open it; the sidebar offers it to owners and
// managers, the dashboard to everyone.
export const Route = createFileRoute('/_auth/tax')({
  validateSearch: (search: { year?: unknown } & SearchSchemaInput) => ({
    year: optionalString(search.year, 7),
  }),
  head: () => ({ meta: [{ title: pageTitle('Tax year') }] }),
  loaderDeps: ({ search }) => ({ year: chosenYear(search.year) }),
  loader: ({ context, deps }) =>
    loadQuery(
      context.queryClient,
      taxQueries.summary(
        context.submerchant.id,
        deps.year,
        readPeriodsChoice(context.submerchant.id),
      ),
    ),
  component: TaxPage,
})

function TaxPage() {
  const { year } = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const { submerchant } = Route.useRouteContext()
  const [periods, setPeriods] = useState(() => readPeriodsChoice(submerchant.id))
  const [current] = useState(() => taxYearOf(Date.now()))
  return (
    <TaxYearScreen
      key={submerchant.id}
      account={submerchant}
      taxYear={year}
      years={pickerYears(current)}
      periods={periods}
      onYearChange={(next) => void navigate({ search: { year: next }, replace: true })}
      onPeriodsChange={(next) => {
        keepPeriodsChoice(submerchant.id, next)
        setPeriods(next)
      }}
    />
  )
}
