// The file an export writes: rows go in as the pages arrive, a Blob comes out (CSV or PDF).

// Amount columns of the header (docs/constants.md#export), right-aligned in the PDF.
function amountColumns(fees: boolean): number[] {
  return fees ? [1, 2, 3, 4] : [1, 2]
}

// Receives rows as the pages arrive; the CSV streams them into Blob parts, the PDF keeps them.
export interface RowSink {
  write(rows: string[][]): void
  finish(summary: string[][] | null): Promise<Blob>
}

export async function csvSink(header: string[]): Promise<RowSink> {
  const [{ unparse }, { CsvWriter }] = await Promise.all([import('papaparse'), import('@/lib/csv')])
  const writer = new CsvWriter(unparse)
  writer.write([header])
  return {
    write: (rows) => writer.write(rows),
    finish: async (summary) => {
      if (summary) writer.write([[], ...summary])
      return writer.toBlob()
    },
  }
}

// jspdf is loaded only here, when PDF is chosen. Pages are laid out as their rows arrive.
export async function pdfSink(
  pdf: { title: string; subtitle: string; fees: boolean },
  header: string[],
): Promise<RowSink> {
  const { PdfWriter } = await import('@/features/export/pdf-writer')
  const writer = new PdfWriter({
    title: pdf.title,
    subtitle: pdf.subtitle,
    header,
    amountColumns: amountColumns(pdf.fees),
  })
  return {
    write: (rows) => writer.write(rows),
    finish: async (summary) => writer.finish(summary),
  }
}
