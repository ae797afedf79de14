import { useEffect, useState } from 'react'
import { PROGRESS_DELAY_MS } from '@/config/limits'
import './progress.css'

interface ProgressProps {
  label?: string
  // docs/constants.md#timing: the page-change indicator appears only after 100 ms, so quick changes never flash it.
  delayMs?: number
}

// Indeterminate top bar for page changes.
export function Progress({ label = 'Loading page', delayMs = PROGRESS_DELAY_MS }: ProgressProps) {
  const [visible, setVisible] = useState(delayMs <= 0)

  useEffect(() => {
    if (delayMs <= 0) return
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])

  if (!visible) return null
  return <div className="progress" role="progressbar" aria-label={label} />
}
