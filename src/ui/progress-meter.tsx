import { useId } from 'react'
import './progress-meter.css'

interface ProgressMeterProps {
  // What is under way ("Fetching sales"); the bar's accessible name.
  label: string
  done: number
  // 0 while unknown: the bar then shows movement without a figure.
  total: number
  // The unit counted ("rows").
  unit?: string
}

const number = new Intl.NumberFormat('en-GB')

// A determinate progress bar with its stage and "1,200 of 20,000 rows" beneath.
export function ProgressMeter({ label, done, total, unit = 'rows' }: ProgressMeterProps) {
  const labelId = useId()
  const known = total > 0
  const shown = Math.min(done, known ? total : done)
  const percent = known ? Math.min(100, Math.round((shown / total) * 100)) : 0
  const text = known
    ? `${number.format(shown)} of ${number.format(total)} ${unit}`
    : `${number.format(shown)} ${unit}`
  return (
    <div className="progress-meter">
      <div className="progress-meter__text">
        <span id={labelId} className="progress-meter__label">
          {label}
        </span>
        <span className="progress-meter__count" aria-hidden="true">
          {text}
        </span>
      </div>
      <div
        className={`progress-meter__track${known ? '' : ' progress-meter__track--unknown'}`}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? shown : undefined}
        aria-valuetext={text}
      >
        <div className="progress-meter__bar" style={{ width: known ? `${percent}%` : undefined }} />
      </div>
    </div>
  )
}
