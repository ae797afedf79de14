// The offline warm start's floor (tests/bench/offline.ts): a bare React page that does only what
// the sales list's offline start cannot avoid. Installed by a Workbox precaching worker of its own
// (sw.ts) on the portal's origin, it reads the persisted cache the portal wrote (every record of
// its IndexedDB store, as the portal's restore does, busted records left out), finds the sales
// list's first page and renders its rows as a plain table, each with its link to the sale.
import { createStore, entries } from 'idb-keyval'
import { createRoot } from 'react-dom/client'
import type { SaleListItem } from '@/api/schema/sales'
import { formatMoney } from '@/lib/money'
import { PERSISTED_CACHE_DB, PERSISTED_CACHE_STORE } from '../../e2e/support/storage'

// The rows as the portal persisted them (a type only: nothing of the schema is bundled).
type Sale = SaleListItem
type QueryKey = readonly unknown[]
interface QueryRecord {
  buster: string
  query: { queryKey: QueryKey; state: { data?: { items?: Sale[] } } }
}
interface ClientRecord {
  buster: string
}

// The list's first page with the default view (no filter): what /transactions/sales opens on.
const isFirstSalesPage = (key: QueryKey) => {
  const params = key[3] as { page?: number; filters?: object; ranges?: object } | undefined
  return (
    key[1] === 'sales' &&
    key[2] === 'list' &&
    params?.page === 1 &&
    Object.keys(params.filters ?? {}).length === 0 &&
    Object.keys(params.ranges ?? {}).length === 0
  )
}

async function firstSales(): Promise<Sale[]> {
  const all = await entries<IDBValidKey, ClientRecord | QueryRecord>(
    createStore(PERSISTED_CACHE_DB, PERSISTED_CACHE_STORE),
  )
  const client = all.find(([key]) => key === 'client')?.[1]
  if (!client) return []
  for (const [, value] of all) {
    if (!('query' in value) || value.buster !== client.buster) continue
    if (isFirstSalesPage(value.query.queryKey)) return value.query.state.data?.items ?? []
  }
  return []
}

const capturedAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

function SalesTable({ sales }: { sales: Sale[] }) {
  return (
    <main>
      <h1>Sales</h1>
      <table>
        <thead>
          <tr>
            <th>Total</th>
            <th>Fare</th>
            <th>Tip</th>
            <th>Method</th>
            <th>Card scheme</th>
            <th>Terminal</th>
            <th>Card type</th>
            <th>PAN last four</th>
            <th>Captured at</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id}>
              <td>{formatMoney(sale.amount, sale.currency)}</td>
              <td>{formatMoney(sale.saleAmount, sale.currency)}</td>
              <td>{formatMoney(sale.gratuityAmount, sale.currency)}</td>
              <td>{sale.method}</td>
              <td>{sale.cardScheme}</td>
              <td>{sale.terminalSerialNumber ?? '–'}</td>
              <td>{sale.cardType}</td>
              <td>•••• {sale.panLastFour}</td>
              <td>
                <time dateTime={sale.capturedAt}>
                  {capturedAt.format(new Date(sale.capturedAt))}
                </time>
              </td>
              <td>
                <a href={`/transactions/sales/${encodeURIComponent(sale.id)}`}>Details</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}

const root = createRoot(document.getElementById('root') as HTMLElement)
void firstSales().then((sales) => {
  root.render(<SalesTable sales={sales} />)
  // Installed as the portal is: after the first render.
  void navigator.serviceWorker?.register(`${import.meta.env.BASE_URL}sw.js`)
})
