import { useState } from 'react'
import dayjs from 'dayjs'
import {
  DASHBOARD_PERIODS,
  isDashboardPeriod,
  MAX_PERIOD_DAYS,
  PERIOD_LABELS,
  validCustom,
  type PeriodChoice,
} from '@/features/dashboard/period'
import { toDay } from '@/lib/dates'
import { DateField } from '@/ui/date-field'
import { Field } from '@/ui/field'

interface PeriodControlProps {
  choice: PeriodChoice
  onChange: (choice: PeriodChoice) => void
}

// The dashboard's 'Period': a preset, or a custom range of whole days that applies once it reads.
export function PeriodControl({ choice, onChange }: PeriodControlProps) {
  const today = toDay(new Date())
  const [draft, setDraft] = useState({
    from: choice.from ?? dayjs().subtract(6, 'day').format('YYYY-MM-DD'),
    to: choice.to ?? today,
  })
  const custom = choice.period === 'custom'
  const tooLong =
    draft.from !== '' &&
    draft.to !== '' &&
    !validCustom(draft.from, draft.to) &&
    draft.to >= draft.from
  const apply = (next: { from: string; to: string }) => {
    setDraft(next)
    if (validCustom(next.from, next.to)) onChange({ period: 'custom', ...next })
  }
  return (
    <div className="period-control">
      <Field label="Period">
        {(control) => (
          <select
            {...control}
            className="input"
            value={choice.period}
            onChange={(event) => {
              const period = event.target.value
              if (!isDashboardPeriod(period)) return
              onChange(period === 'custom' ? { period, ...draft } : { period })
            }}
          >
            {DASHBOARD_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {custom && (
        <>
          <DateField
            label="Start date"
            max={today}
            value={draft.from}
            onChange={(from) => apply({ ...draft, from: from ?? '' })}
          />
          <DateField
            label="End date"
            min={draft.from || undefined}
            error={tooLong ? `Choose at most ${MAX_PERIOD_DAYS} days.` : undefined}
            value={draft.to}
            onChange={(to) => apply({ ...draft, to: to ?? '' })}
          />
        </>
      )}
    </div>
  )
}
