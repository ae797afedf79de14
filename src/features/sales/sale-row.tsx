import { Link } from '@tanstack/react-router'
import type { Sale } from '@/api/schema/sales'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import type { Column } from '@/ui/data-table'

const SALE_ROUTE = '/transactions/sales/$saleId'

function panText(sale: Sale): string {
  return `•••• ${sale.panLastFour}`
}

// The sales table's §2 columns.
export const SALE_COLUMNS: readonly Column<Sale>[] = [
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
  },
  {
    id: 'gratuityAmount',
    header: 'Tip',
    cell: (sale) => formatMoney(sale.gratuityAmount, sale.currency),
    sortField: 'gratuityAmount',
    firstDirection: 'desc',
    align: 'end',
  },
  { id: 'method', header: 'Method', cell: (sale) => prettify(sale.method), sortField: 'method' },
  {
    id: 'cardScheme',
    header: 'Card scheme',
    cell: (sale) => prettify(sale.cardScheme),
    sortField: 'cardScheme',
  },
  {
    id: 'terminalSerialNumber',
    header: 'Terminal',
    cell: (sale) => sale.terminalSerialNumber ?? '–',
    sortField: 'terminalSerialNumber',
  },
  {
    id: 'cardType',
    header: 'Card type',
    cell: (sale) => prettify(sale.cardType),
    sortField: 'cardType',
  },
  {
    id: 'panLastFour',
    header: 'PAN last four',
    cell: (sale) => <span className="sales-pan">{panText(sale)}</span>,
    sortField: 'panLastFour',
  },
  {
    id: 'capturedAt',
    header: 'Captured at',
    cell: (sale) => <span className="sales-time">{formatDateTime(sale.capturedAt)}</span>,
    sortField: 'capturedAt',
    firstDirection: 'desc',
  },
  {
    id: 'details',
    header: 'Details',
    cell: (sale) => (
      <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sales-details-link">
        Details
        <span className="visually-hidden">
          {` of the ${formatMoney(sale.amount, sale.currency)} sale at ${formatDateTime(sale.capturedAt)}`}
        </span>
      </Link>
    ),
  },
]

// §2 on phones: amount, time, scheme with last four and method, the whole card opening the sale.
export function SaleCard({ sale }: { sale: Sale }) {
  return (
    <Link to={SALE_ROUTE} params={{ saleId: sale.id }} className="sale-card">
      <span className="sale-card__amount">{formatMoney(sale.amount, sale.currency)}</span>
      <span className="sale-card__time">{formatDateTime(sale.capturedAt)}</span>
      <span className="sale-card__card">
        {prettify(sale.cardScheme)} <span className="sales-pan">{panText(sale)}</span>
      </span>
      <span className="sale-card__method">{prettify(sale.method)}</span>
    </Link>
  )
}
