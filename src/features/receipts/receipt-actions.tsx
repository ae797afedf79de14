import { useState } from 'react'
import type { Sale } from '@/api/schema/sales'
import type { Submerchant } from '@/api/schema/submerchants'
import { receiptBrandFor, receiptUrl } from '@/config/receipts'
import { useSendReceiptMutation, type ReceiptRequest } from '@/features/receipts/api'
import type { ReceiptChannel } from '@/features/receipts/messages'
import { ChannelChoice, EmailReceiptForm, SmsReceiptForm } from '@/features/receipts/receipt-form'
import { Button, buttonClassName } from '@/ui/button'
import './receipts.css'

export interface ReceiptActionsProps {
  sale: Sale
  account: Submerchant
}

// Sale detail (docs/screens.md#receipts): receipt actions (send by SMS or email, view, print, and share where supported).
export function ReceiptActions({ sale, account }: ReceiptActionsProps) {
  return (
    <section className="card receipt-actions" aria-labelledby="receipt-actions-title">
      <h2 id="receipt-actions-title" className="receipt-actions__title">
        Receipt
      </h2>
      {sale.receiptId === null ? (
        <p className="receipt-actions__none">No receipt for this sale</p>
      ) : (
        <ReceiptControls sale={sale} account={account} receiptId={sale.receiptId} />
      )}
    </section>
  )
}

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function'
}

function ReceiptControls({
  sale,
  account,
  receiptId,
}: ReceiptActionsProps & { receiptId: string }) {
  const [channel, setChannel] = useState<ReceiptChannel | null>(null)
  const url = receiptUrl(receiptId, account)
  const brand = receiptBrandFor(account)
  const mutation = useSendReceiptMutation({ submerchantId: account.id, saleId: sale.id, receiptId })

  function send(request: ReceiptRequest) {
    mutation.send(request)
    setChannel(null)
  }

  function share() {
    const absolute = new URL(url, window.location.href).toString()
    navigator.share({ title: `Receipt from ${account.name}`, url: absolute }).catch(() => {
      // Dismissing the share sheet is not an error.
    })
  }

  const formProps = {
    brand,
    busy: mutation.sending,
    onSend: send,
    onCancel: () => setChannel(null),
  }

  return (
    <div className="receipt-actions__body">
      <div className="receipt-actions__links">
        <a
          className={buttonClassName({ variant: 'secondary' })}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          View
        </a>
        <Button
          variant="secondary"
          onClick={() => window.open(`${url}?print=1`, '_blank', 'noopener')}
        >
          Print
        </Button>
        {canShare() && (
          <Button variant="secondary" onClick={share}>
            Share
          </Button>
        )}
      </div>
      {channel === null && <ChannelChoice onChoose={setChannel} />}
      {channel === 'sms' && <SmsReceiptForm {...formProps} />}
      {channel === 'email' && <EmailReceiptForm {...formProps} />}
    </div>
  )
}
