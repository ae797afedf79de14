// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { KIT_INSTRUCTIONS, makeScanKit } from '@/features/scan-to-pay/kit-pdf'
import { makeQrMatrix } from '@/lib/qr'
import { readPdfPages } from '@/test/pdf-pages'

const LINK = 'http://127.0.0.1:8080/pay?submerchant=sub_demo_city_cabs'

const pagesOf = async (blob: Blob) => readPdfPages(new Uint8Array(await blob.arrayBuffer()))

describe('makeScanKit', () => {
  it('an A4 poster with the account, the link and how to pay, then the labelled cards', async () => {
    const qr = await makeQrMatrix(LINK)
    const labels = Array.from({ length: 20 }, (_, i) => `CAB ${String(i + 1).padStart(2, '0')}`)
    const { pages, head } = await pagesOf(
      makeScanKit({ accountName: 'City Cabs', link: LINK, qr, labels }),
    )
    expect(head).toBe('%PDF-')
    // The poster and three sheets of eight cards.
    expect(pages).toHaveLength(4)
    for (const { width, height } of pages) {
      expect(width).toBeCloseTo(595.28, 1)
      expect(height).toBeCloseTo(841.89, 1)
    }
    const [poster, ...sheets] = pages
    expect(poster?.text).toContain('City Cabs')
    expect(poster?.text).toContain(LINK)
    for (const step of KIT_INSTRUCTIONS) expect(poster?.text).toContain(step)
    const cards = sheets.map((sheet) => sheet.text).join('\n')
    for (const label of labels) expect(cards).toContain(label)
    expect(sheets[2]?.text).toContain('Sheet 3 of 3')
  })

  it('prints one sheet of unlabelled cards when no vehicle is given, and text outside cp1252 as ?', async () => {
    const qr = await makeQrMatrix(LINK)
    const { pages } = await pagesOf(
      makeScanKit({ accountName: 'Café Ünïcode 🚕', link: LINK, qr, labels: ['Łukasz'] }),
    )
    expect(pages[0]?.text).toContain('Café Ünïcode ?')
    expect(pages[1]?.text).toContain('?ukasz')
    const blank = await pagesOf(
      makeScanKit({ accountName: 'City Cabs', link: LINK, qr, labels: [] }),
    )
    expect(blank.pages).toHaveLength(2)
    expect(blank.pages[1]?.text.match(/Scan to pay/g)).toHaveLength(8)
  })
})
