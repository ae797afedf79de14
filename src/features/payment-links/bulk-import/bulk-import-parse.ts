import type { ParseError } from 'papaparse'
import {
  checkFile,
  type CheckedFile,
  type CheckOptions,
} from '@/features/payment-links/bulk-import/bulk-import-rows'
import type { PhoneLib } from '@/lib/phone'

// Files bigger than this are read in a worker, so the page stays responsive.
export const WORKER_THRESHOLD_BYTES = 256 * 1024
export const MAX_FILE_BYTES = 5 * 1024 * 1024

export type ParseRequest = Omit<CheckOptions, 'phoneLib'> & { text: string }

// A file that says what is wrong with it as a whole, before any column is looked for.
const FILE_EMPTY = 'The file is empty.'
const NOT_CSV =
  'This is not a CSV file. Save the sheet as CSV UTF-8 (comma-separated values) and choose that file.'
const refused = (problem: string): CheckedFile => ({
  rows: [],
  ignoredColumns: [],
  columnNames: {},
  fileProblems: [problem],
})

// CSV text → checked rows, with papaparse (header row, empty lines skipped).
export function parseAndCheck(
  papa: typeof import('papaparse'),
  phoneLib: PhoneLib,
  request: ParseRequest,
): CheckedFile {
  const text = request.text.replace(/^\uFEFF/, '')
  if (text.trim() === '') return refused(FILE_EMPTY)
  // Text has no NUL: a picture, a spreadsheet's own format or UTF-16 text does.
  if (text.includes('\u0000')) return refused(NOT_CSV)
  const result = papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  })
  const checked = checkFile(result.meta.fields ?? [], result.data, {
    submerchantId: request.submerchantId,
    requiresJobNumber: request.requiresJobNumber,
    phoneLib,
  })
  // A broken quote makes the rest of the file unreadable; say where.
  const quote = result.errors.find((error: ParseError) => error.type === 'Quotes')
  if (quote) {
    const where = quote.row === undefined ? '' : ` (row ${quote.row + 2})`
    checked.fileProblems.push(`The file is not valid CSV${where}: ${quote.message}`)
    checked.rows = []
  }
  return checked
}

/**
 * Reads and checks an import file: in this thread for small files, in a worker for large ones.
 * papaparse and the phone metadata load only here (the bulk-create route).
 */
export async function readImportFile(
  file: File,
  options: Omit<CheckOptions, 'phoneLib'>,
): Promise<CheckedFile> {
  if (file.size > MAX_FILE_BYTES) {
    return refused(`The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB.`)
  }
  const text = await file.text()
  const request: ParseRequest = { ...options, text }
  if (file.size > WORKER_THRESHOLD_BYTES && typeof Worker === 'function') {
    return new Promise<CheckedFile>((resolve, reject) => {
      const worker = new Worker(new URL('./bulk-import.worker.ts', import.meta.url), {
        type: 'module',
      })
      worker.onmessage = (event: MessageEvent<CheckedFile>) => {
        resolve(event.data)
        worker.terminate()
      }
      worker.onerror = (event) => {
        reject(new Error(event.message || 'The file could not be read'))
        worker.terminate()
      }
      worker.postMessage(request)
    })
  }
  const [papa, phoneLib] = await Promise.all([import('papaparse'), import('libphonenumber-js/min')])
  return parseAndCheck(papa.default ?? papa, phoneLib, request)
}
