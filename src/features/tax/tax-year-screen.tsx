import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { TaxQuarter, TaxYearSummary } from '@/api/schema/tax-year'
import type { TaxYearPeriods } from '@/api/schema/tax-year-values'
import { taxQueries, fetchTaxRecords } from '@/features/tax/api'
import {
  CARD_ONLY_NOTE,
  formatTaxDate,
  NOT_SENT_NOTE,
  quarterTitle,
  recordsFileName,
  statementFileName,
} from '@/features/tax/tax-texts'
import { isModuleLoadError, loadModule } from '@/lib/lazy-load'
import { formatMoney } from '@/lib/money'
import { downloadFile } from '@/lib/save-file'
import { deadlineState, londonDate, taxYearLabel, TAX_YEARS_BACK } from '@/lib/tax-year'
import { DataAge } from '@/offline/data-age'
import { Alert } from '@/ui/alert'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { ModuleUnavailable } from '@/ui/module-unavailable'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import { useToast } from '@/ui/toast'
import './tax-year.css'

const PERIOD_CHOICES: readonly { value: TaxYearPeriods; label: string; hint: string }[] = [
  { value: 'standard', label: 'Standard', hint: '6 April to 5 July, and so on' },
  {
    value: 'calendar',
    label: 'Calendar',
    hint: '1 April to 30 June, and so on (if you elected them)',
  },
]

interface TaxYearScreenProps {
  account: { id: string; name: string }
  taxYear: string
  // The tax years the picker offers, newest first.
  years: readonly string[]
  periods: TaxYearPeriods
  onYearChange: (taxYear: string) => void
  onPeriodsChange: (periods: TaxYearPeriods) => void
}

// The Tax year screen (docs/screens.md#tax-year): a year's card takings by quarterly update period.
export function TaxYearScreen({
  account,
  taxYear,
  years,
  periods,
  onYearChange,
  onPeriodsChange,
}: TaxYearScreenProps) {
  const query = useQuery(taxQueries.summary(account.id, taxYear, periods))
  // Today in London, for the deadlines' state: read once when the screen opens.
  const [today] = useState(() => londonDate(Date.now()))
  const yearId = useId()
  return (
    <div className="tax-year">
      <PageHeader
        title="Tax year"
        description="Your card takings, refunds and card fees by the quarters of Making Tax Digital, with each update's deadline."
      />
      <div className="tax-year__controls card">
        <div className="tax-year__picker">
          <label htmlFor={yearId}>Tax year</label>
          <select
            id={yearId}
            className="input"
            value={taxYear}
            onChange={(event) => onYearChange(event.target.value)}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="tax-year__periods">
          <legend>Quarters</legend>
          {PERIOD_CHOICES.map((choice) => (
            <Choice
              key={choice.value}
              type="radio"
              name="tax-periods"
              value={choice.value}
              checked={periods === choice.value}
              label={choice.label}
              hint={choice.hint}
              onChange={() => onPeriodsChange(choice.value)}
            />
          ))}
        </fieldset>
      </div>
      <Alert tone="info" title="Card payments only">
        <div className="tax-year__notes">
          <p>{CARD_ONLY_NOTE}</p>
          <p>{NOT_SENT_NOTE}</p>
        </div>
      </Alert>
      <QueryView
        query={query}
        errorTitle="Failed to load the tax year"
        what="this tax year"
        pendingLabel="Loading the tax year"
      >
        {(summary) => (
          <>
            <DataAge updatedAt={query.dataUpdatedAt} />
            <YearTotals summary={summary} />
            <YearFiles account={account} summary={summary} />
            <ol className="tax-year__quarters" aria-label="Quarters">
              {summary.quarters.map((quarter) => (
                <QuarterCard
                  key={quarter.quarter}
                  quarter={quarter}
                  currency={summary.currency}
                  today={today}
                />
              ))}
            </ol>
          </>
        )}
      </QueryView>
    </div>
  )
}

// The picker's years: this tax year and the six before it, newest first.
export function pickerYears(current: number): string[] {
  return Array.from({ length: TAX_YEARS_BACK + 1 }, (_, back) => taxYearLabel(current - back))
}

function Money({ minor, currency }: { minor: number; currency: string }) {
  return <span className="tax-year__money">{formatMoney(minor, currency)}</span>
}

function YearTotals({ summary }: { summary: TaxYearSummary }) {
  const heading = useId()
  const { totals, currency } = summary
  return (
    <section className="card tax-year__totals" aria-labelledby={heading}>
      <h2 id={heading}>
        Year {summary.taxYear}: {formatTaxDate(summary.startDate)} to{' '}
        {formatTaxDate(summary.endDate)}
      </h2>
      <dl className="tax-figures tax-figures--wide">
        <Figure label="Income" minor={totals.income} currency={currency} strong />
        <Figure label="Card fees" minor={totals.cardFees} currency={currency} strong />
        <Figure label="Sales (fares and tips)" minor={totals.salesAmount} currency={currency} />
        <Figure label="Of which tips" minor={totals.tipsAmount} currency={currency} />
        <Figure label="Refunds" minor={totals.refundsAmount} currency={currency} />
        <Figure label="Disputes lost" minor={totals.disputesAmount} currency={currency} />
        <div className="tax-figure">
          <dt>Card payments</dt>
          <dd>{totals.salesCount.toLocaleString('en-GB')}</dd>
        </div>
      </dl>
    </section>
  )
}

function Figure({
  label,
  minor,
  currency,
  strong = false,
}: {
  label: string
  minor: number
  currency: string
  strong?: boolean
}) {
  return (
    <div className={strong ? 'tax-figure tax-figure--strong' : 'tax-figure'}>
      <dt>{label}</dt>
      <dd>
        <Money minor={minor} currency={currency} />
      </dd>
    </div>
  )
}

function DeadlineBadge({ quarter, today }: { quarter: TaxQuarter; today: string }) {
  const state = deadlineState(quarter, today)
  if (state.state === 'passed') return <Badge tone="neutral">Passed</Badge>
  if (state.state === 'due') {
    return (
      <Badge tone={state.days <= 14 ? 'warning' : 'info'}>
        {state.days === 0
          ? 'Due today'
          : `Due in ${state.days} ${state.days === 1 ? 'day' : 'days'}`}
      </Badge>
    )
  }
  return <Badge tone="info">Upcoming</Badge>
}

function QuarterCard({
  quarter,
  currency,
  today,
}: {
  quarter: TaxQuarter
  currency: string
  today: string
}) {
  const heading = useId()
  const { cumulative } = quarter
  return (
    <li className="card tax-quarter" aria-labelledby={heading}>
      <div className="tax-quarter__head">
        <h2 id={heading}>{quarterTitle(quarter.quarter)}</h2>
        <DeadlineBadge quarter={quarter} today={today} />
      </div>
      <p className="tax-quarter__dates">
        {formatTaxDate(quarter.startDate)} to {formatTaxDate(quarter.endDate)}
      </p>
      <p className="tax-quarter__deadline">
        Update due by <strong>{formatTaxDate(quarter.deadline)}</strong>
      </p>
      <dl className="tax-figures">
        <Figure label="Income" minor={quarter.income} currency={currency} strong />
        <Figure label="Card fees" minor={quarter.cardFees} currency={currency} strong />
      </dl>
      <h3 className="tax-quarter__ytd">Year to date (for this update)</h3>
      <dl className="tax-figures">
        <Figure label="Sales" minor={cumulative.salesAmount} currency={currency} />
        <Figure label="Refunds" minor={cumulative.refundsAmount} currency={currency} />
        <Figure label="Disputes lost" minor={cumulative.disputesAmount} currency={currency} />
        <Figure label="Income" minor={cumulative.income} currency={currency} />
        <Figure label="Card fees" minor={cumulative.cardFees} currency={currency} />
      </dl>
      <details className="tax-quarter__how">
        <summary>How this is counted</summary>
        <p>
          A card payment counts in the quarter of the day it was taken, in UK time. Sales are the
          fares with their tips ({quarter.salesCount.toLocaleString('en-GB')} payments,{' '}
          {formatMoney(quarter.tipsAmount, currency)} of tips). Refunds count on the day they were
          paid back, and disputes on the day they were lost. Income is sales less refunds and
          disputes: your turnover. Card fees are the fees on these payments and any dispute fees: an
          allowable expense (bank, credit card and other financial charges).
        </p>
      </details>
    </li>
  )
}

type FileState =
  | { kind: 'idle' }
  | { kind: 'making' }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string }

function YearFiles({
  account,
  summary,
}: {
  account: { id: string; name: string }
  summary: TaxYearSummary
}) {
  const toast = useToast()
  const [csv, setCsv] = useState<FileState>({ kind: 'idle' })
  const [pdf, setPdf] = useState<FileState>({ kind: 'idle' })
  const failed = (error: unknown): FileState =>
    isModuleLoadError(error)
      ? { kind: 'unavailable' }
      : { kind: 'failed', message: error instanceof Error ? error.message : String(error) }

  async function downloadRecords() {
    setCsv({ kind: 'making' })
    try {
      const name = recordsFileName(account.id, summary.taxYear)
      downloadFile(await fetchTaxRecords(account.id, summary.taxYear), name)
      toast.notice(`Saved ${name}`, 'success')
      setCsv({ kind: 'idle' })
    } catch (error) {
      setCsv(failed(error))
    }
  }

  async function makeStatement() {
    setPdf({ kind: 'making' })
    try {
      // jspdf comes with this module, loaded on the click (from the install's precache offline).
      const { makeAnnualStatement } = await loadModule(() => import('@/features/tax/statement-pdf'))
      const name = statementFileName(summary.taxYear)
      downloadFile(makeAnnualStatement(account.name, summary), name)
      toast.notice(`Saved ${name}`, 'success')
      setPdf({ kind: 'idle' })
    } catch (error) {
      setPdf(failed(error))
    }
  }

  return (
    <section className="tax-year__files" aria-label="Files for your accountant">
      <div className="tax-year__file-actions">
        <Button
          variant="secondary"
          loading={csv.kind === 'making'}
          onClick={() => void downloadRecords()}
        >
          Download records (CSV)
        </Button>
        <Button
          variant="secondary"
          loading={pdf.kind === 'making'}
          onClick={() => void makeStatement()}
        >
          Annual statement (PDF)
        </Button>
      </div>
      <p className="muted">
        The records have one row per card payment, card fee, refund and dispute, for bookkeeping
        software or your accountant's spreadsheet.
      </p>
      {(csv.kind === 'unavailable' || pdf.kind === 'unavailable') && <ModuleUnavailable />}
      {csv.kind === 'failed' && (
        <Alert title="Could not download the records" onDismiss={() => setCsv({ kind: 'idle' })}>
          {csv.message}
        </Alert>
      )}
      {pdf.kind === 'failed' && (
        <Alert title="Could not make the statement" onDismiss={() => setPdf({ kind: 'idle' })}>
          {pdf.message}
        </Alert>
      )}
    </section>
  )
}
