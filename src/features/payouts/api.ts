import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiList, type ListPage } from '@/api/http'
import { payoutKeys } from '@/api/query-keys'
import type { BankAccount, Payout, PayoutCard } from '@/api/schema/payouts'
import type { ListParams } from '@/lib/list-search'
import { collectPages } from '@/lib/fetch-pages'
import { toListQuery } from '@/lib/list-view'

const enc = encodeURIComponent
const schemas = () => import('@/api/schema/payouts')
const saleSchemas = () => import('@/api/schema/sales')

// Where a payout goes: a bank account or a payout card.
export const bankAccountKeys = {
  all: (submerchantId: string) => [submerchantId, 'bank-accounts'] as const,
  detail: (submerchantId: string, bankAccountId: string) =>
    [submerchantId, 'bank-accounts', bankAccountId] as const,
}
export const payoutCardKeys = {
  all: (submerchantId: string) => [submerchantId, 'payout-cards'] as const,
  detail: (submerchantId: string, payoutCardId: string) =>
    [submerchantId, 'payout-cards', payoutCardId] as const,
}

// README "Payouts and their sales": a payout pays the sales captured up to 30 h before it.
const PAYOUT_LAG_MS = 30 * 3_600_000
// The payout's sales are read 100 at a time, up to 5,000.
const CONTENTS_PAGE = 100
const CONTENTS_MAX_ROWS = 5000

// Never held in full in the browser, so never persisted: the account number's last four only.
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`
}

export interface PayoutSale {
  saleId: string
  capturedAt: string
  gross: number
  fee: number
  net: number
  withheld: boolean
}

export interface PayoutContents {
  sales: PayoutSale[]
  // Sums over the paid sales (withheld ones are listed but never paid).
  gross: number
  fee: number
  net: number
  // Nothing left unread; false when the period holds more than the page limit.
  complete: boolean
}

// One page after another, up to the cap, with the query's signal.
function everyPage<T>(
  signal: AbortSignal,
  read: (offset: number, limit: number, signal: AbortSignal) => Promise<ListPage<T>>,
) {
  return collectPages({
    fetchPage: read,
    pageSize: CONTENTS_PAGE,
    concurrency: 1,
    maxItems: CONTENTS_MAX_ROWS,
    signal,
  })
}

export const payoutQueries = {
  // GET /v1/payouts?submerchantId={id}: the server table.
  list: (submerchantId: string, params: ListParams) =>
    queryOptions({
      queryKey: payoutKeys.list(submerchantId, params),
      queryFn: ({ signal }): Promise<ListPage<Payout>> =>
        apiList(
          '/v1/payouts',
          toListQuery({ submerchantId }, params),
          schemas().then((schema) => schema.Payout),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  // GET /v1/payouts/{payoutId}.
  detail: (submerchantId: string, payoutId: string) =>
    queryOptions({
      queryKey: payoutKeys.detail(submerchantId, payoutId),
      queryFn: async ({ signal }): Promise<Payout> => {
        const { Payout } = await schemas()
        return api(`/v1/payouts/${enc(payoutId)}`, { schema: Payout, signal })
      },
    }),
  // GET /v1/bank-accounts/{id}, kept with the account number masked (memory and IndexedDB); waits
  // while the payout goes elsewhere (null).
  bankAccount: (submerchantId: string, bankAccountId: string | null) =>
    queryOptions({
      queryKey: bankAccountKeys.detail(submerchantId, bankAccountId ?? ''),
      enabled: bankAccountId !== null,
      queryFn: async ({ signal }): Promise<BankAccount> => {
        const { BankAccount } = await schemas()
        const account = await api(`/v1/bank-accounts/${enc(bankAccountId ?? '')}`, {
          schema: BankAccount,
          signal,
        })
        return { ...account, accountNumber: maskAccountNumber(account.accountNumber) }
      },
    }),
  // GET /v1/payout-cards/{id} (scheme and last four only); waits while the payout goes elsewhere (null).
  payoutCard: (submerchantId: string, payoutCardId: string | null) =>
    queryOptions({
      queryKey: payoutCardKeys.detail(submerchantId, payoutCardId ?? ''),
      enabled: payoutCardId !== null,
      queryFn: async ({ signal }): Promise<PayoutCard> => {
        const { PayoutCard } = await schemas()
        return api(`/v1/payout-cards/${enc(payoutCardId ?? '')}`, { schema: PayoutCard, signal })
      },
    }),
  // Beyond what docs/screens.md describes: the payout's sales with gross, fee and net, from the payouts, balance
  // transactions and sales calls (docs/api.md) over the payout's period (README "Payouts and their sales").
  contents: (submerchantId: string, payout: Payout) =>
    queryOptions({
      queryKey: payoutKeys.contents(submerchantId, payout.id),
      queryFn: async ({ signal }): Promise<PayoutContents> => {
        const [{ Payout }, { Sale, BalanceTransaction }] = await Promise.all([
          schemas(),
          saleSchemas(),
        ])
        const previous = await apiList(
          '/v1/payouts',
          {
            filters: { submerchantId },
            ranges: { createdAt: { lt: payout.createdAt } },
            sort: { field: 'createdAt', direction: 'desc' },
            fields: ['id', 'createdAt'],
            limit: 1,
          },
          Payout.pick('id', 'createdAt'),
          { signal },
        )
        const shift = (at: string) => new Date(Date.parse(at) - PAYOUT_LAG_MS).toISOString()
        const start = previous.items[0] ? shift(previous.items[0].createdAt) : undefined
        const range = { gte: start, lt: shift(payout.createdAt) }
        const transactions = await everyPage(signal, (offset, limit, pageSignal) =>
          apiList(
            '/v1/balance-transactions',
            {
              filters: { type: 'sale' },
              ranges: { createdAt: range },
              fields: ['sourceId', 'amount', 'feeAmount', 'netAmount'],
              sort: { field: 'createdAt', direction: 'asc' },
              limit,
              offset,
            },
            BalanceTransaction.pick('sourceId', 'amount', 'feeAmount', 'netAmount'),
            { signal: pageSignal },
          ),
        )
        const sales = await everyPage(signal, (offset, limit, pageSignal) =>
          apiList(
            '/v1/sales',
            {
              ranges: { capturedAt: range },
              fields: ['id', 'capturedAt', 'disbursementWithheld'],
              sort: { field: 'capturedAt', direction: 'asc' },
              limit,
              offset,
            },
            Sale.pick('id', 'capturedAt', 'disbursementWithheld'),
            { signal: pageSignal },
          ),
        )
        const saleById = new Map(sales.items.map((s) => [s.id, s]))
        const rows: PayoutSale[] = transactions.items.flatMap((t) => {
          const sale = saleById.get(t.sourceId)
          if (!sale) return []
          return [
            {
              saleId: sale.id,
              capturedAt: sale.capturedAt,
              gross: t.amount,
              fee: t.feeAmount,
              net: t.netAmount,
              withheld: sale.disbursementWithheld,
            },
          ]
        })
        const paid = rows.filter((r) => !r.withheld)
        const sum = (pick: (r: PayoutSale) => number) => paid.reduce((n, r) => n + pick(r), 0)
        return {
          sales: rows,
          gross: sum((r) => r.gross),
          fee: sum((r) => r.fee),
          net: sum((r) => r.net),
          complete: transactions.complete && sales.complete,
        }
      },
      // A paid payout's sales do not change.
      staleTime: 10 * 60_000,
    }),
}
