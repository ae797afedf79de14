import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

/** How a column takes part in fitting a table to its frame (`Column.priority`). */
interface Foldable {
  id: string
  priority?: number
}

/**
 * The ids of the columns that may fold into a row's details, in the order they fold: the highest
 * priority number first, the rightmost first among equals. Columns without a priority never fold.
 */
export function foldOrder(columns: readonly Foldable[]): string[] {
  return columns
    .map((column, index) => ({ id: column.id, priority: column.priority, index }))
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0) || b.index - a.index)
    .map((column) => column.id)
}

/**
 * Where a fit stands. `count`: how many columns of the fold order are folded. `back`: the places
 * (in that order) of those brought back because the table still fits with them; `trying`: the one
 * being tried. `done`: nothing more to measure.
 */
export interface Fit {
  count: number
  back: readonly number[]
  trying: number | null
  done: boolean
}

export const FIT_START: Fit = { count: 0, back: [], trying: null, done: false }

// Brings back the column at this place of the fold order, to see whether the table still fits.
function tryBack(fit: Fit, place: number): Fit {
  if (place < 0) return { ...fit, trying: null, done: true }
  return { ...fit, back: [...fit.back, place], trying: place }
}

/**
 * The next step of a fit, once a render has measured whether the table is wider than its frame.
 * First one more column folds while it is (until none is left: then it scrolls). Once it fits, the
 * columns folded before the last one come back one at a time, the more important first, each
 * staying if the table still fits: a narrow column may come back where a wide one did not.
 */
export function nextFit(fit: Fit, overflows: boolean, foldable: number): Fit {
  if (fit.done) return fit
  if (fit.trying === null) {
    if (!overflows) return tryBack(fit, fit.count - 2)
    return fit.count < foldable ? { ...fit, count: fit.count + 1 } : { ...fit, done: true }
  }
  const back = overflows ? fit.back.filter((place) => place !== fit.trying) : fit.back
  return tryBack({ ...fit, back }, fit.trying - 1)
}

/** The columns the table shows and those folded into its rows' details, each in declared order. */
export function splitColumns<Column extends Foldable>(
  columns: readonly Column[],
  fit: Fit,
): { shown: Column[]; folded: Column[] } {
  const out = new Set(
    foldOrder(columns)
      .slice(0, fit.count)
      .filter((_, place) => !fit.back.includes(place)),
  )
  return {
    shown: columns.filter((column) => !out.has(column.id)),
    folded: columns.filter((column) => out.has(column.id)),
  }
}

export type SideScroll = 'none' | 'start' | 'middle' | 'end'

// 2 px of rounding allowed.
const wider = (element: HTMLElement) => element.scrollWidth - element.clientWidth >= 2

// Whether the table is wider than its frame, and which way there is more to see.
function sideScroll(element: HTMLElement): SideScroll {
  const { scrollLeft, scrollWidth, clientWidth } = element
  const left = Math.abs(scrollLeft)
  if (!wider(element)) return 'none'
  if (left < 2) return 'start'
  if (left >= scrollWidth - clientWidth - 2) return 'end'
  return 'middle'
}

/**
 * Fits a table to its frame (the element `ref` is put on, whose first child is the table), by
 * measuring, render by render, before anything is painted (see nextFit). A fit starts again when
 * the frame's width changes, when the table widens by itself (a cell that loaded), and when the
 * content (`content`: the rows and the columns' ids) changes. What still does not fit scrolls
 * sideways: `scroll` says which way there is more to see.
 */
export function useTableFit(foldable: number, content: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  const [scroll, setScroll] = useState<SideScroll>('none')
  const [fit, setFit] = useState(FIT_START)
  // What the last render had: its fit, how many columns may fold, and its content.
  const latest = useRef({ fit, foldable, content })
  const seen = useRef(content)
  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef<Element | null>(null)

  // After a render: the fit's next step, or once it is done, the side scroll.
  const step = useCallback(() => {
    const element = ref.current
    if (!element) return
    const { fit, foldable, content } = latest.current
    if (content !== seen.current) {
      seen.current = content
      if (fit !== FIT_START) {
        setFit(FIT_START)
        return
      }
    }
    if (!fit.done) {
      setFit(nextFit(fit, wider(element), foldable))
      return
    }
    setScroll(sideScroll(element))
  }, [])

  // A layout effect, declared first: the observer exists before the effect below first looks for
  // the table, so the first table is watched too (a passive effect came after it, and a table that
  // widened before the next render went unseen: a scrolling region without its tab stop).
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const update = () => setScroll(sideScroll(element))
    element.addEventListener('scroll', update, { passive: true })
    let width = element.clientWidth
    // Without ResizeObserver (jsdom) the measure after each render stands.
    if (typeof ResizeObserver !== 'undefined') {
      // Committed at once, in the frame whose layout changed: a region that starts to scroll is
      // focusable (and named) before anything, assistive technology included, looks at it.
      observer.current = new ResizeObserver(() =>
        flushSync(() => {
          const { fit, foldable } = latest.current
          const widened = wider(element) && fit.count - fit.back.length < foldable
          if (element.clientWidth !== width || widened) {
            width = element.clientWidth
            setFit(FIT_START)
          }
          update()
        }),
      )
      observer.current.observe(element)
    }
    return () => {
      observer.current?.disconnect()
      observer.current = null
      observed.current = null
      element.removeEventListener('scroll', update)
    }
  }, [])

  // After every render: the fit goes on, and the table itself is watched, which a render may
  // replace, so a wider table is never missed.
  useLayoutEffect(() => {
    latest.current = { fit, foldable, content }
    step()
    const table = ref.current?.firstElementChild ?? null
    if (table !== observed.current && observer.current) {
      if (observed.current) observer.current.unobserve(observed.current)
      if (table) observer.current.observe(table)
      observed.current = table
    }
  })

  return [ref, fit, scroll] as const
}
