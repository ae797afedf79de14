import { expect, type Page } from '@playwright/test'
import { portalHeaders } from './sale-api'

// Stripe's test cards as the sandbox's pay page takes them (server/sandbox/test-cards.ts).
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDs: '4000 0027 6000 3184',
}

// The v1 intent as the sandbox answers it (only what the specs read).
export interface ApiIntent {
  id: string
  status: string
  amount: number
  clientAccessUrl: string
  saleId: string | null
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
}

// A link made through the API as the signed-in person (the screens are tested elsewhere).
export async function apiLink(
  page: Page,
  submerchantId: string,
  over: Record<string, unknown> = {},
): Promise<ApiIntent> {
  const res = await page.request.post('/v1/intents', {
    headers: portalHeaders(submerchantId),
    data: {
      saleAmount: 1250,
      currency: 'GBP',
      submerchantId,
      reference: unique('E2E'),
      ...over,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as ApiIntent
}

// The customer's side: the link's pay page, filled and sent.
export async function payOnPayPage(page: Page, link: ApiIntent, card: string): Promise<void> {
  await page.goto(new URL(link.clientAccessUrl).pathname)
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
}
