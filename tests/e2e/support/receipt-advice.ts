import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { OutboxMessage } from './sandbox'

export const RECEIPT_ADVICE_KIND = 'receipt_advice'

// Receipt advices in the sandbox outbox, optionally only those to one recipient.
export async function receiptAdvices(
  request: APIRequestContext,
  filter: { recipient?: string; saleId?: string } = {},
): Promise<OutboxMessage[]> {
  const res = await request.get('/sandbox/outbox', { headers: { accept: 'application/json' } })
  expect(res.ok()).toBe(true)
  const messages = (await res.json()) as OutboxMessage[]
  return messages.filter(
    (m) =>
      m.kind === RECEIPT_ADVICE_KIND &&
      (!filter.recipient || m.recipient === filter.recipient.toLowerCase()) &&
      (!filter.saleId || m.metadata.saleId === filter.saleId),
  )
}

/**
 * Waits until exactly `count` advices match. Call it once the portal has nothing left to send
 * (its "Receipt sent" toast, an empty outbox, a failed entry): no late duplicate can come after
 * that, so a replay that did the work twice already shows in the count.
 */
export async function expectAdviceCount(
  request: APIRequestContext,
  filter: { recipient?: string; saleId?: string },
  count: number,
): Promise<OutboxMessage[]> {
  await expect
    .poll(async () => (await receiptAdvices(request, filter)).length, {
      message: `advices for ${JSON.stringify(filter)}`,
      timeout: 20_000,
    })
    .toBe(count)
  return receiptAdvices(request, filter)
}

// The receipt section of the sale detail page.
export function receiptSection(page: Page) {
  return page.getByRole('region', { name: 'Receipt', exact: true })
}

// Chooses the channel, fills the recipient and taps Send, as a person would.
export async function sendReceipt(
  page: Page,
  channel: 'SMS' | 'Email',
  recipient: string,
): Promise<void> {
  const section = receiptSection(page)
  await section.getByRole('button', { name: channel, exact: true }).click()
  const field = channel === 'SMS' ? 'Phone number' : 'Email address'
  await section.getByRole('textbox', { name: field }).fill(recipient)
  await section.getByRole('button', { name: 'Send', exact: true }).click()
}
