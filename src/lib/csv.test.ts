import { parse } from 'csv-parse/sync'
import { unparse } from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, CsvWriter, csvBlob, escapeCell } from '@/lib/csv'

// Writes rows with the CSV writer and reads them back with an independent parser.
// The file's text as written, byte-order mark included (Blob.text() would drop it).
async function fileText(writer: CsvWriter): Promise<string> {
  const bytes = new Uint8Array(await writer.toBlob().arrayBuffer())
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
}

async function roundTrip(rows: string[][]): Promise<{ text: string; parsed: string[][] }> {
  const writer = new CsvWriter(unparse)
  writer.write(rows)
  const text = await fileText(writer)
  const parsed = parse(text, { bom: true, relax_column_count: true }) as string[][]
  return { text, parsed }
}

describe('escapeCell (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+44 20 7946 0000', `'+44 20 7946 0000`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\tTAB', `'\tTAB`],
    ['\rCR', `'\rCR`],
  ])('escapes %j', (cell, escaped) => {
    expect(escapeCell(cell)).toBe(escaped)
  })

  it.each(['12.34', '-12.34', '0.00', '-5', 'BK-00123', 'JOB123456', '', 'a=b', 'Ünïcödé'])(
    'leaves %j alone',
    (cell) => {
      expect(escapeCell(cell)).toBe(cell)
    },
  )
})

describe('CsvWriter', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', async () => {
    const { text } = await roundTrip([
      ['ID', 'Sale Amount'],
      ['sal_1', '12.34'],
    ])
    expect(text.startsWith(CSV_BOM)).toBe(true)
    expect(text.slice(1)).toBe('ID,Sale Amount\r\nsal_1,12.34\r\n')
  })

  it('keeps commas, quotes, line breaks and non-ASCII text through a second parser', async () => {
    const rows = [
      ['ID', 'External Reference'],
      ['sal_1', 'Smith, John'],
      ['sal_2', 'He said "hi"'],
      ['sal_3', 'line one\nline two\r\nline three'],
      ['sal_4', 'Zoë Ørsted — café 東京 🚕'],
      ['sal_5', ''],
      ['sal_6', '  padded  '],
    ]
    const { parsed } = await roundTrip(rows)
    expect(parsed).toEqual(rows)
  })

  it('escapes formula cells so that the parsed value shows the text as typed', async () => {
    const hostile = ['=1+1', '+1', '-1+1', '@cmd', '\t=1', '\r=1', '=cmd|" /C calc"!A0']
    const { parsed } = await roundTrip(hostile.map((cell, index) => [`sal_${index}`, cell]))
    expect(parsed.map((row) => row[1])).toEqual(hostile.map((cell) => `'${cell}`))
    for (const [, cell] of parsed) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('writes batches as parts, in order', async () => {
    const writer = new CsvWriter(unparse)
    writer.write([['a']])
    writer.write([])
    writer.write([['b'], ['c']])
    const text = await fileText(writer)
    expect(text).toBe(`${CSV_BOM}a\r\nb\r\nc\r\n`)
  })
})

describe('csvBlob', () => {
  it('writes a whole small file with the same escaping and byte-order mark', async () => {
    const bytes = new Uint8Array(
      await (
        await csvBlob([
          ['ID', 'Phone'],
          ['int_1', '+447700900123'],
        ])
      ).arrayBuffer(),
    )
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toBe(`${CSV_BOM}ID,Phone\r\nint_1,'+447700900123\r\n`)
  })
})
