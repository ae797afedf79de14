import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { Sale } from '@/api/schema/sales'
import type { Submerchant } from '@/api/schema/submerchants'
import { RECEIPT_SEND_KEY, registerReceiptMutations } from '@/features/receipts/mutations'
import { RECEIPT_MESSAGES } from '@/features/receipts/messages'
import { ReceiptActions } from '@/features/receipts/receipt-actions'
import { outboxEntries } from '@/offline/outbox'
import { ToastProvider } from '@/ui/toast'

afterEach(() => {
  cleanup()
  onlineManager.setOnline(true)
})

const ACCOUNT: Submerchant = {
  id: 'sub_demo_city_cabs',
  name: 'City Cabs',
  legalName: 'City Cabs Ltd',
  operatorId: 'op_demo_metropay',
  paymentFacilitatorId: 'pf_demo_sandbox_pay',
  finaroId: null,
}

function saleWith(receiptId: string | null): Sale {
  return { id: 'sale_1', receiptId } as Sale
}

function renderActions(receiptId: string | null) {
  const queryClient = new QueryClient()
  registerReceiptMutations(queryClient)
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ReceiptActions sale={saleWith(receiptId)} account={ACCOUNT} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return queryClient
}

describe('ReceiptActions', () => {
  it('says so when the sale has no receipt, and offers no actions', () => {
    renderActions(null)
    expect(screen.getByText('No receipt for this sale')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('links View to the receipt page in a new tab (same origin in the local env)', () => {
    renderActions('rcp_1')
    const view = screen.getByRole('link', { name: 'View' })
    expect(view.getAttribute('href')).toBe('/receipts/rcp_1')
    expect(view.getAttribute('target')).toBe('_blank')
    expect(view.getAttribute('rel')).toContain('noopener')
  })

  it('asks for the channel first; Cancel returns to the choice', () => {
    renderActions('rcp_1')
    fireEvent.click(screen.getByRole('button', { name: 'Email' }))
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('button', { name: 'SMS' })).toBeTruthy()
  })

  it('offline, queues the send with its idempotency key and says it will be sent later', () => {
    onlineManager.setOnline(false)
    const queryClient = renderActions('rcp_1')
    fireEvent.click(screen.getByRole('button', { name: 'Email' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), {
      target: { value: 'rider@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))

    expect(screen.getByText(RECEIPT_MESSAGES.queued)).toBeTruthy()
    const [entry] = outboxEntries(queryClient.getMutationCache(), ACCOUNT.id)
    expect(entry).toMatchObject({
      status: 'queued',
      label: { what: 'Receipt by email', forWhom: 'rider@example.com' },
    })
    expect(entry!.idempotencyKey).toMatch(/^[0-9a-z]{24}$/)
    const [mutation] = queryClient.getMutationCache().findAll({ mutationKey: RECEIPT_SEND_KEY })
    expect(mutation!.state.variables).toMatchObject({
      receiptId: 'rcp_1',
      saleId: 'sale_1',
      payload: { channel: 'email', emailAddress: 'rider@example.com', brand: 'metropay' },
    })
  })
})
