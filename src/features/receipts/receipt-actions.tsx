import { useState } from 'react'
import { onlineManager, useMutation } from '@tanstack/react-query'
import type { ApiError } from '@/api/errors'
import type { ReceiptAdvice } from '@/api/schema/receipts'
import type { Sale } from '@/api/schema/sales'
import type { Submerchant } from '@/api/schema/submerchants'
import { RECEIPT_TOAST_MS, receiptBrandFor, receiptUrl } from '@/config/receipts'
import { RECEIPT_SEND_KEY, type SendReceiptVariables } from '@/features/receipts/api'
import {
  OUTBOX_WHAT,
  RECEIPT_MESSAGES,
  receiptErrorMessage,
  receiptSentMessage,
  type ReceiptChannel,
} from '@/features/receipts/messages'
import {
  ChannelChoice,
  EmailReceiptForm,
  SmsReceiptForm,
  type ReceiptRequest,
} from '@/features/receipts/receipt-form'
import { newQueueableVariables } from '@/offline/queueable'
import { Button, buttonClassName } from '@/ui/button'
import { useToast } from '@/ui/toast'
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
  const toast = useToast()
  const [channel, setChannel] = useState<ReceiptChannel | null>(null)
  const url = receiptUrl(receiptId, account)
  const brand = receiptBrandFor(account)
  // The mutationFn, scope and retry come from the defaults registered in api.ts.
  const mutation = useMutation<ReceiptAdvice, ApiError, SendReceiptVariables>({
    mutationKey: RECEIPT_SEND_KEY,
  })

  function send({ payload, forWhom }: ReceiptRequest) {
    // The Idempotency-Key is made now, at the tap, and travels with the queued variables.
    const variables: SendReceiptVariables = {
      ...newQueueableVariables({
        what: OUTBOX_WHAT[payload.channel],
        forWhom,
        submerchantId: account.id,
      }),
      receiptId,
      saleId: sale.id,
      payload,
    }
    const offline = !onlineManager.isOnline()
    mutation.mutate(variables, {
      onSuccess: () =>
        toast.show(receiptSentMessage(forWhom), { tone: 'success', durationMs: RECEIPT_TOAST_MS }),
      onError: (error) =>
        toast.show(receiptErrorMessage(error), { tone: 'error', durationMs: RECEIPT_TOAST_MS }),
    })
    if (offline) toast.show(RECEIPT_MESSAGES.queued, { durationMs: RECEIPT_TOAST_MS })
    setChannel(null)
  }

  function share() {
    const absolute = new URL(url, window.location.href).toString()
    navigator.share({ title: `Receipt from ${account.name}`, url: absolute }).catch(() => {
      // Dismissing the share sheet is not an error.
    })
  }

  const busy = mutation.isPending && !mutation.isPaused
  const formProps = { brand, busy, onSend: send, onCancel: () => setChannel(null) }

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
