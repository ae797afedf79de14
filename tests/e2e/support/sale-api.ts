import { expect, type Page, type TestInfo } from '@playwright/test'

// The v1 Sale and refund request as the sandbox answers them (only what the specs read).
export interface ApiSale {
  id: string
  amount: number
  saleAmount: number
  gratuityAmount: number
  currency: string
  method: string
  panLastFour: string
  authCode: string
  cardScheme: string
  cardIsCommercial: boolean
  cardType: string
  cardIsPrepaid: boolean
  cardCountryCode: string
  cardCountryIsInEEA: boolean
  capturedAt: string
  retrievalReferenceNumber: string
  settlementTransactionId: string | null
  balanceTransactionId: string | null
  disbursementWithheld: boolean
  disbursementWithheldReason: string | null
  disbursementWithheldMessage: string | null
  disbursementWithheldUrl: string | null
  terminalId: string | null
  terminalSerialNumber: string | null
  receiptId: string | null
  intentId: string | null
  externalReference: string | null
}

export interface ApiRefund {
  id: string
  status: string
  amount: number
  refundReason: string
  customerEmailAddress: string | null
  createdBy: string
}

// What the portal sends with every call (token-perspective, docs/roles.md#the-account-every-request-acts-for).
// The sales list's columns, in order, as the table and the cards name them.
export const SALE_COLUMNS = [
  'Total',
  'Fare',
  'Tip',
  'Method',
  'Card scheme',
  'Terminal',
  'Card type',
  'PAN last four',
  'Captured at',
  'Details',
]

export function portalHeaders(submerchantId: string): Record<string, string> {
  return { 'X-Requested-With': 'portal', 'Token-Perspective': submerchantId }
}

// A GET as the signed-in browser (its cookies), expecting 200.
export async function apiGet<T>(
  page: Page,
  submerchantId: string,
  path: string,
  params?: Record<string, string | number>,
): Promise<T> {
  const res = await page.request.get(path, { headers: portalHeaders(submerchantId), params })
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200)
  return (await res.json()) as T
}

export function refundsOf(page: Page, submerchantId: string, saleId: string) {
  return apiGet<ApiRefund[]>(page, submerchantId, `/v1/sales/${saleId}/refund-requests/`)
}

/**
 * A sale no other test touches: the stable list of older sales is split into one share per
 * (project, slot), since phone and tablet run in parallel on one server and the tests of a
 * spec run in parallel too; the first sale of the share without refunds is taken.
 */
export async function saleForTest(
  page: Page,
  testInfo: TestInfo,
  submerchantId: string,
  { slot, slots }: { slot: number; slots: number },
): Promise<ApiSale> {
  const project = testInfo.project.name === 'tablet' ? 1 : 0
  const shares = 2 * slots
  const share = project * slots + slot
  // Before today: sales made while the suite runs cannot shift the shares.
  const before = new Date()
  before.setUTCHours(0, 0, 0, 0)
  const sales = await apiGet<ApiSale[]>(page, submerchantId, '/v1/sales', {
    submerchantId,
    'capturedAt[$lt]': before.toISOString(),
    sort: '-capturedAt',
    limit: 12 * shares,
  })
  for (const [index, sale] of sales.entries()) {
    if (index % shares !== share) continue
    if ((await refundsOf(page, submerchantId, sale.id)).length === 0) return sale
  }
  throw new Error(`no sale without refunds in share ${share} of ${submerchantId}`)
}

// Opens the sale detail page and waits for its figures.
export async function openSale(page: Page, saleId: string): Promise<void> {
  await page.goto(`/transactions/sales/${saleId}`)
  await expect(page.getByRole('heading', { name: 'Sale details', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Money' })).toBeVisible()
}
