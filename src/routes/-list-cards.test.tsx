import { cleanup } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Intent } from '@/api/schema/intents'
import type { Payout } from '@/api/schema/payouts'
import type { SaleListItem } from '@/api/schema/sales'
import type { ActivityEntry } from '@/api/schema/team'
import type { Terminal } from '@/api/schema/terminals'
import { INTENT_CARD, INTENT_COLUMNS } from '@/features/payment-links/payment-links-columns'
import { PAYOUT_CARD, PAYOUT_COLUMNS } from '@/features/payouts/payouts-columns'
import { ACTIVITY_CARD, ACTIVITY_COLUMNS } from '@/features/team/activity-columns'
import { SALE_CARD, SALE_COLUMNS, TERMINAL_SALE_COLUMNS } from '@/features/sales/sales-columns'
import { terminalCard, terminalColumns } from '@/features/terminals/terminals-columns'
import { renderWithRouter } from '@/test/render-with-router'
import type { CardSpec, Column } from '@/ui/data-table'
import { foldOrder } from '@/ui/table-fit'

// The kit's rule: a phone card shows every column its list declares, itself or under 'More' (the
// kit adds that part, see data-table.test.tsx). Here, per list, that what a card says it shows it
// really does: the cell's readable text (or its link) is on the card. And that a table too wide
// for its frame can fold columns into its rows' details (table-fit.ts), but never what opens the
// row.

const sale: SaleListItem = {
  id: 'sale_01HZX3K9T2',
  amount: 2350,
  saleAmount: 2000,
  gratuityAmount: 350,
  currency: 'GBP',
  capturedAt: '2026-03-14T18:42:00.000Z',
  method: 'softpos',
  cardScheme: 'mastercard',
  cardType: 'credit',
  panLastFour: '4242',
  terminalSerialNumber: 'BP55-000123',
}

const payout: Payout = {
  id: 'pay_3963b1c8e2f04a7d9c1e0645',
  paymentReference: 'CITYCABS-0314',
  amount: 154_320,
  currency: 'GBP',
  createdAt: '2026-03-15T06:00:00.000Z',
  scheduled: true,
  destinationType: 'bank_account',
  destinationId: 'ba_0001',
  status: 'paid',
}

const terminal: Terminal = {
  id: 'term_0001',
  name: 'Cab 12',
  serialNumber: 'BP55-000123',
  customReference: 'Rank 4',
  reference: null,
  model: 'bluePad55',
  currentAllocation: { createdAt: '2026-01-02T09:00:00.000Z', submerchantId: 'sub_1' },
  reportedConfiguration: { isUpToDate: false },
}

const intent = {
  id: 'int_0001',
  submerchantId: 'sub_1',
  amount: 4500,
  currency: 'GBP',
  status: 'created',
  statusIsFinal: false,
  captureMode: 'automatic',
  captureAmount: null,
  reference: 'JOB-7781',
  description: null,
  customerName: 'Ada Lovelace',
  customerPhoneNumber: null,
  customerEmailAddress: null,
  customerSmsSent: false,
  customerEmailSent: false,
  customerIpAddress: null,
  customerDeviceInfo: null,
  createdAt: '2026-03-14T10:00:00.000Z',
  createdBy: 'usr_1',
  succeededAt: null,
  authorizedAt: null,
  expiresAt: '2026-03-21T10:00:00.000Z',
  clientAccessUrl: 'http://localhost/pay/int_0001',
  clientAccessQrCode: null,
  saleId: null,
  logs: [],
} as Intent

interface ListDeclaration<Row> {
  // The *-columns.tsx file that declares it.
  file: string
  columns: readonly Column<Row>[]
  card: CardSpec<Row>
  row: Row
}

const activityEntry: ActivityEntry = {
  id: 'act_0193a1b2c3d40001a1b2c3d4',
  occurredAt: '2026-03-14T18:42:00.000Z',
  actorType: 'user',
  actorId: 'usr_demo_olivia_owner',
  actorName: 'Olivia Owen',
  action: 'payment_link.edited',
  outcome: 'done',
  objectType: 'payment_link',
  objectId: 'int_0a1b2c3d4e5f60718293',
  objectLabel: 'BK-12345',
  ipAddress: '203.0.113.7',
  device: 'Chrome 131 on Android 14',
  changes: [{ field: 'amount', before: 2450, after: 2500 }],
}

const declare = <Row,>(list: ListDeclaration<Row>) => list as ListDeclaration<unknown>

// Every list with a card of its own (the notification history uses the kit's card of every column;
// a terminal's sales are the sales columns less the terminal, with the same card).
const LISTS: Record<string, ListDeclaration<unknown>> = {
  sales: declare({ file: 'sales', columns: SALE_COLUMNS, card: SALE_CARD, row: sale }),
  "a terminal's sales": declare({
    file: 'sales',
    columns: TERMINAL_SALE_COLUMNS,
    card: SALE_CARD,
    row: sale,
  }),
  terminals: declare({
    file: 'terminals',
    columns: terminalColumns('sub_1'),
    card: terminalCard('sub_1'),
    row: terminal,
  }),
  payouts: declare({ file: 'payouts', columns: PAYOUT_COLUMNS, card: PAYOUT_CARD, row: payout }),
  activity: declare({
    file: 'activity',
    columns: ACTIVITY_COLUMNS,
    card: ACTIVITY_CARD,
    row: activityEntry,
  }),
  'payment links': declare({
    file: 'payment-links',
    columns: INTENT_COLUMNS,
    card: INTENT_CARD,
    row: intent,
  }),
}

// What a person reads: no aria-hidden parts (a shortened id's visible half), no buttons (Copy).
function readable(element: Element): string {
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"], button').forEach((node) => node.remove())
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

async function renderInRouter(node: ReactNode) {
  const { container } = await renderWithRouter(<div data-testid="root">{node}</div>, {})
  const root = container.querySelector('[data-testid="root"]')
  if (!root) throw new Error('not rendered')
  return root
}

afterEach(cleanup)

describe('every list declaration', () => {
  it('is listed here, one per *-columns.tsx file', () => {
    const files = Object.keys(import.meta.glob('/src/features/*/*-columns.tsx')).map((path) =>
      path.split('/').pop()?.replace('-columns.tsx', ''),
    )
    expect(new Set(Object.values(LISTS).map((list) => list.file))).toEqual(new Set(files))
  })

  for (const [name, list] of Object.entries(LISTS)) {
    it(`${name}: the card shows every column it names`, async () => {
      const card = await renderInRouter(list.card.render(list.row))
      cleanup()
      for (const column of list.columns.filter((c) => list.card.shows.includes(c.id))) {
        const cell = await renderInRouter(column.cell(list.row))
        const link = cell.querySelector('a[href]')
        if (link) {
          // A link cell (Details, a name) opens what the card, itself a link, opens.
          const cardLink = card.querySelector('a[href]')
          expect(cardLink?.getAttribute('href'), `${name}: ${column.header}`).toBe(
            link.getAttribute('href'),
          )
        }
        // Details says only where it goes; every other cell's text is on the card.
        if (column.id !== 'details') {
          expect(readable(card), `${name}: ${column.header}`).toContain(readable(cell))
        }
        cleanup()
      }
    })

    it(`${name}: a narrow table folds some columns into its rows, never the row's link`, () => {
      const folding = foldOrder(list.columns)
      const staying = list.columns.filter((column) => !folding.includes(column.id))
      expect(folding.length, `${name}: nothing can fold`).toBeGreaterThan(0)
      // What opens the row: Details, else the first column (a terminal's name).
      const opens = list.columns.find((column) => column.id === 'details') ?? list.columns[0]
      expect(staying).toContain(opens)
    })
  }
})
