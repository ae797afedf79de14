// The takings line chart: this period and the previous one, drawn by uPlot (loaded with this module
// only, so the chart library never reaches /login or any other screen).
import { useLayoutEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { formatMoney } from '@/lib/money'
import type { SeriesPoint } from '@/features/dashboard/insights'

export interface TakingsChartProps {
  current: readonly SeriesPoint[]
  previous: readonly SeriesPoint[]
  currency: string
  // Called once the chart is on the canvas (the period → charts measure).
  onDrawn?: () => void
  // The period both lines belong to, once both are here: set as data-drawn-for on the chart's box
  // when uPlot has them (it paints them before the next frame), for the dashboard bench.
  drawnFor?: string
}

const HEIGHT = 220

function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'
}

function compactMoney(minor: number, currency: string): string {
  const pounds = minor / 100
  if (Math.abs(pounds) >= 1000) {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(pounds)
  }
  return formatMoney(minor, currency).replace(/\.00$/, '')
}

function options(current: readonly SeriesPoint[], currency: string, width: number): uPlot.Options {
  const labels = current.map((p) => p.tick)
  const axis = {
    stroke: token('--text-muted'),
    grid: { stroke: token('--border'), width: 1 },
    ticks: { stroke: token('--border'), width: 1 },
    font: '12px system-ui, sans-serif',
  }
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] } },
    axes: [
      {
        ...axis,
        // As many labels as fit: a label every n points.
        values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
        space: 72,
      },
      {
        ...axis,
        size: 64,
        values: (_u, splits) => splits.map((v) => compactMoney(v, currency)),
      },
    ],
    series: [
      {},
      { label: 'This period', stroke: token('--brand'), width: 2.5, points: { size: 6 } },
      {
        label: 'Previous period',
        stroke: token('--text-muted'),
        width: 1.5,
        dash: [6, 4],
        points: { show: false },
      },
    ],
  }
}

export default function TakingsChart({
  current,
  previous,
  currency,
  onDrawn,
  drawnFor,
}: TakingsChartProps) {
  const box = useRef<HTMLDivElement>(null)
  // Drawn again only for new numbers (the card keeps the same arrays while its data stays), not on
  // every render of the dashboard: each new uPlot measures the page's layout and paints anew.
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const now = Date.now()
    const data: uPlot.AlignedData = [
      current.map((_, i) => i),
      // Points yet to come are not drawn (no false drop to nothing at the end of a running period).
      current.map((p) => (Date.parse(p.key) > now ? null : p.amount)),
      current.map((_, i) => previous[i]?.amount ?? null),
    ]
    let plot = new uPlot(options(current, currency, element.clientWidth || 320), data, element)
    if (drawnFor) element.dataset.drawnFor = drawnFor
    else delete element.dataset.drawnFor
    onDrawn?.()
    // New colours when the scheme flips, a new width when the frame does.
    const rebuild = () => {
      plot.destroy()
      plot = new uPlot(options(current, currency, element.clientWidth || 320), data, element)
    }
    const scheme = window.matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', rebuild)
    let width = element.clientWidth
    const resize = new ResizeObserver(() => {
      if (element.clientWidth === width) return
      width = element.clientWidth
      plot.setSize({ width, height: HEIGHT })
    })
    resize.observe(element)
    return () => {
      scheme.removeEventListener('change', rebuild)
      resize.disconnect()
      plot.destroy()
    }
  }, [current, previous, currency, drawnFor, onDrawn])
  return <div ref={box} className="takings-chart" aria-hidden="true" />
}
