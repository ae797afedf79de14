import type { unparse as Unparse } from 'papaparse'

// Excel reads a file as UTF-8 only with the byte-order mark.
export const CSV_BOM = '\uFEFF'
const NEWLINE = '\r\n'

// A plain decimal number: its leading minus is a sign, not a formula.
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/
// OWASP CSV injection: a cell a spreadsheet would read as a formula or a command.
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A cell a spreadsheet will not run: one that begins with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe, which shows the text as typed. Plain numbers ("-12.50") are left be.
 */
export function escapeCell(value: string): string {
  if (PLAIN_NUMBER.test(value) || !FORMULA_START.test(value)) return value
  return `'${value}`
}

/**
 * Writes a CSV file (the sales export, the payment-link selection, the bulk import's results) as
 * parts of a Blob: each batch of rows becomes one RFC 4180 string (quoted by papaparse's `unparse`
 * where a cell holds a comma, a quote or a line break), so memory holds text, not the objects it
 * came from.
 */
export class CsvWriter {
  private readonly parts: string[] = [CSV_BOM]

  constructor(private readonly unparse: typeof Unparse) {}

  write(rows: readonly (readonly string[])[]): void {
    if (rows.length === 0) return
    const text = this.unparse(
      rows.map((row) => row.map(escapeCell)),
      { newline: NEWLINE, header: false, quotes: false },
    )
    this.parts.push(text + NEWLINE)
  }

  toBlob(): Blob {
    return new Blob(this.parts, { type: 'text/csv;charset=utf-8' })
  }
}

/**
 * A whole small file at once (a header and its rows). papaparse is loaded here, on use, so that a
 * screen offering a CSV download keeps it out of its own chunk.
 */
export async function csvBlob(rows: readonly (readonly string[])[]): Promise<Blob> {
  const { unparse } = await import('papaparse')
  const writer = new CsvWriter(unparse)
  writer.write(rows)
  return writer.toBlob()
}
