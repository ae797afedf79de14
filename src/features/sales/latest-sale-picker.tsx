import { useQuery } from '@tanstack/react-query'
import type { SaleListItem } from '@/api/schema/sales'
import { salesQueries } from '@/features/sales/api'
import { formatDateTime } from '@/lib/dates'
import type { ListParams } from '@/lib/list-search'
import { formatMoney } from '@/lib/money'
import { prettify } from '@/lib/prettify'
import { Choice } from '@/ui/choice'
import { QueryView } from '@/ui/query-view'

// docs/constants.md#sizes-and-limits: the test-sale picker lists the 10 latest sales: the first page of the list, newest first.
const LATEST: ListParams = {
  filters: {},
  ranges: {},
  sort: { field: 'capturedAt', direction: 'desc' },
  page: 1,
}

export interface SalePickerProps {
  submerchantId: string
  value: string | null
  onChange: (saleId: string) => void
  error?: string
}

const saleLabel = (sale: SaleListItem) =>
  `${formatMoney(sale.amount, sale.currency)} · ${prettify(sale.cardScheme)} •••• ${sale.panLastFour}`

// A choice of one of the account's 10 latest sales (GET /v1/sales, the list's first page).
export function LatestSalePicker({ submerchantId, value, onChange, error }: SalePickerProps) {
  const query = useQuery(salesQueries.list(submerchantId, LATEST))
  return (
    <fieldset className="choice-group" aria-invalid={error ? true : undefined}>
      <legend>Sale</legend>
      <QueryView
        query={query}
        errorTitle="Failed to load sales"
        what="the latest sales"
        pendingLabel="Loading the latest sales"
      >
        {(page) =>
          page.items.length === 0 ? (
            <p className="muted">This account has no sales yet.</p>
          ) : (
            page.items.map((sale) => (
              <Choice
                key={sale.id}
                type="radio"
                name="test-sale"
                value={sale.id}
                checked={value === sale.id}
                onChange={() => onChange(sale.id)}
                label={saleLabel(sale)}
                hint={formatDateTime(sale.capturedAt)}
              />
            ))
          )
        }
      </QueryView>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
