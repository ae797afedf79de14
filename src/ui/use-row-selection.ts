import { useState } from 'react'

interface SelectionState<Row> {
  scope: string
  rows: ReadonlyMap<string, Row>
  // Every row the list's query matches, on every page, not only those seen.
  matching: boolean
}

// How much of the page shown is selected: the select-all box is clear, mixed or ticked.
export type PageSelection = 'none' | 'some' | 'all'

/**
 * The selected rows of a server list, kept while the person pages and sorts and dropped when the
 * scope (the account and the filters) changes: a selection belongs to one set of results. Each
 * entry is the row as last seen, so an action can work on rows of other pages. Selecting all
 * matching stands for the whole query; unticking any row goes back to the rows ticked.
 */
export function useRowSelection<Row extends { id: string }>(scopeKey: string) {
  const [state, setState] = useState<SelectionState<Row>>(() => fresh(scopeKey))
  const current = state.scope === scopeKey ? state : fresh<Row>(scopeKey)
  const change = (edit: (next: Map<string, Row>) => boolean) =>
    setState((old) => {
      const base = old.scope === scopeKey ? old : fresh<Row>(scopeKey)
      const next = new Map(base.rows)
      const matching = edit(next) && base.matching
      return { scope: scopeKey, rows: next, matching }
    })
  const has = (id: string) => current.matching || current.rows.has(id)
  return {
    rows: current.rows,
    matching: current.matching,
    has,
    set: (rows: readonly Row[], on: boolean) =>
      change((next) => {
        for (const row of rows) {
          if (on) next.set(row.id, row)
          else next.delete(row.id)
        }
        return on
      }),
    // Fresher copies of selected rows (a refetched page, an action's answers); others stay out.
    refresh: (rows: readonly Row[]) =>
      change((next) => {
        for (const row of rows) if (next.has(row.id)) next.set(row.id, row)
        return true
      }),
    selectMatching: (pageRows: readonly Row[]) =>
      setState(() => ({
        scope: scopeKey,
        rows: new Map(pageRows.map((row) => [row.id, row])),
        matching: true,
      })),
    clear: () => setState(() => fresh<Row>(scopeKey)),
    pageState: (pageRows: readonly Row[]): PageSelection => {
      const ticked = pageRows.filter((row) => has(row.id)).length
      if (ticked === 0) return 'none'
      return ticked === pageRows.length ? 'all' : 'some'
    },
  }
}

function fresh<Row>(scope: string): SelectionState<Row> {
  return { scope, rows: new Map(), matching: false }
}

export type RowSelection<Row extends { id: string }> = ReturnType<typeof useRowSelection<Row>>
