import { Link } from '@tanstack/react-router'
import type { SaleListItem } from '@/api/schema/sales'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { SALES_LIST, TERMINAL_SALES_LIST } from '@/features/sales/list-spec'
import type { CardSpec, Column } from '@/ui/data-table'
import { DateTimeText } from '@/ui/date-time-text'
import type { ListView } from '@/ui/list-screen'
import './sales-columns.css'

const SALE_ROUTE = '/transactions/sales/$saleId'

function panText(sale: SaleListItem): string {
  return `•••• ${sale.panLastFour}`
}

// Names a sale for screen readers: its Details link, its row's More.
export const saleLabel = (sale: SaleListItem) =>
  `the ${formatMoney(sale.amount, sale.currency)} sale at ${formatDateTime(sale.capturedAt)}`

// The sales table's columns (docs/screens.md#sales). In a narrow table Fare, Tip and card type fold
// into the row's details first, then how the card paid, the terminal last.
export const SALE_COLUMNS: readonly Column<SaleListItem>[] = [
  {
    id: 'amount',
    header: 'Total',
    cell: (sale) => formatMoney(sale.amount, sale.currency),
    sortField: 'amount',
    firstDirection: 'desc',
    align: 'end',
  },
  {
    id: 'saleAmount',
    header: 'Fare',
    cell: (sale) => formatMoney(sale.saleAmount, sale.currency),
    sortField: 'saleAmount',
    firstDirection: 'desc',
    align: 'end',
    priority: 3,
  },
  {
    id: 'gratuityAmount',
    header: 'Tip',
    cell: (sale) => formatMoney(sale.gratuityAmount, sale.currency),
    sortField: 'gratuityAmount',
    firstDirection: 'desc',
    align: 'end',
    priority: 3,
  },
  {
    id: 'method',
    header: 'Method',
    cell: (sale) => prettify(sale.method),
    sortField: 'method',
    priority: 2,
  },
  {
    id: 'cardScheme',
    header: 'Card scheme',
    cell: (sale) => prettify(sale.cardScheme),
    sortField: 'cardScheme',
    priority: 2,
  },
  {
    id: 'terminalSerialNumber',
    header: 'Terminal',
    cell: (sale) => sale.terminalSerialNumber ?? '–',
    sortField: 'terminalSerialNumber',
    priority: 1,
  },
  {
    id: 'cardType',
    header: 'Card type',
    cell: (sale) => prettify(sale.cardType),
    sortField: 'cardType',
    priority: 3,
  },
  {
    id: 'panLastFour',
    header: 'PAN last four',
    cell: (sale) => <span className="sale-row__pan">{panText(sale)}</span>,
    sortField: 'panLastFour',
    priority: 2,
  },
  {
    id: 'capturedAt',
    header: 'Captured at',
    cell: (sale) => <DateTimeText at={sale.capturedAt} />,
    sortField: 'capturedAt',
    firstDirection: 'desc',
  },
  {
    id: 'details',
    header: 'Details',
    cell: (sale) => (
      <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sale-row__details">
        Details
        <span className="visually-hidden">{` of ${saleLabel(sale)}`}</span>
      </Link>
    ),
  },
]

// A terminal's sales: the same, less the terminal's column (it is that one).
export const TERMINAL_SALE_COLUMNS = SALE_COLUMNS.filter((c) => c.id !== 'terminalSerialNumber')

// On phones (docs/screens.md#sales): every column of the table, the whole card opening the sale
// (its Details).
export const SALE_CARD: CardSpec<SaleListItem> = {
  shows: [
    'amount',
    'saleAmount',
    'gratuityAmount',
    'method',
    'cardScheme',
    'terminalSerialNumber',
    'cardType',
    'panLastFour',
    'capturedAt',
    'details',
  ],
  render: (sale) => <SaleCard sale={sale} />,
}

// The card itself. The total, time,
// card and method lead; Fare, Tip, card type and terminal follow, labelled, on a second line.
// The sales list's fixed half (docs/list-screens.md), and a terminal's sales: the same less the terminal.
export const SALES_VIEW: ListView<SaleListItem> = {
  spec: SALES_LIST,
  title: 'Sales',
  columns: SALE_COLUMNS,
  rowKey: (sale) => sale.id,
  card: SALE_CARD,
  rowLabel: saleLabel,
  errorTitle: 'Failed to load sales',
}
export const TERMINAL_SALES_VIEW: ListView<SaleListItem> = {
  ...SALES_VIEW,
  spec: TERMINAL_SALES_LIST,
  columns: TERMINAL_SALE_COLUMNS,
}

export function SaleCard({ sale }: { sale: SaleListItem }) {
  const money = (minor: number) => formatMoney(minor, sale.currency)
  return (
    <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sale-row-card">
      <span className="sale-row-card__amount">{money(sale.amount)}</span>
      <span className="sale-row-card__time">{formatDateTime(sale.capturedAt)}</span>
      <span className="sale-row-card__card">
        {prettify(sale.cardScheme)} <span className="sale-row__pan">{panText(sale)}</span>
      </span>
      <span className="sale-row-card__method">{prettify(sale.method)}</span>
      <dl className="sale-row-card__facts">
        <CardFact label="Fare">{money(sale.saleAmount)}</CardFact>
        <CardFact label="Tip">{money(sale.gratuityAmount)}</CardFact>
        <CardFact label="Card type">{prettify(sale.cardType)}</CardFact>
        <CardFact label="Terminal">{sale.terminalSerialNumber ?? '–'}</CardFact>
      </dl>
    </Link>
  )
}

function CardFact({ label, children }: { label: string; children: string }) {
  return (
    <div className="sale-row-card__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
