import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { RefundRequestPayload, type RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import { createRefund, updateRefund } from '@/features/refunds/api'
import {
  cardLabel,
  REFUND_MESSAGES,
  refundErrorMessage,
  refundFormRules,
  type RefundFormValues,
  type RefundType,
} from '@/features/refunds/refund-rules'
import { minorToDecimalString, formatMoney } from '@/lib/money'
import { useForm } from '@/lib/use-form'
import { Button } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { Field, TextField } from '@/ui/field'
import { FormSummaryAlert } from '@/ui/form-summary'
import { useToast } from '@/ui/toast'

// The sandbox's limit on refundReason (RefundRequestPayload).
const REASON_MAX_LENGTH = 500

interface RefundDialogProps {
  sale: Sale
  // What may still be refunded by this request (an edit already counts its own amount back in).
  refundable: number
  // Set when editing a pending refund; absent for a new request.
  refund?: RefundRequest
  online: boolean
  onClose: () => void
  onSaved: () => Promise<void>
}

// §5 refund request (or edit) form, then a confirmation with the amount and the card before sending.
export function RefundDialog({
  sale,
  refundable,
  refund,
  online,
  onClose,
  onSaved,
}: RefundDialogProps) {
  const toast = useToast()
  const editing = refund !== undefined
  const [confirming, setConfirming] = useState<RefundRequestPayload | null>(null)
  const form = useForm({
    initial: (): RefundFormValues => ({
      type: editing ? 'partial' : null,
      amount: refund ? minorToDecimalString(refund.amount, sale.currency) : '',
      reason: refund?.refundReason ?? '',
      email: refund?.customerEmailAddress ?? '',
    }),
    schema: RefundRequestPayload,
    ...refundFormRules({ refundable, currency: sale.currency }),
    // Checked: on to the confirmation, which sends it.
    onSubmit: (payload) => setConfirming(payload),
    // §8: the server message or the status text, in a dismissible alert.
    summarize: (error) => ({ message: refundErrorMessage(error), details: [] }),
  })
  const { values, errors } = form
  const money = (minor: number) => formatMoney(minor, sale.currency)

  const mutation = useMutation({
    mutationFn: (payload: RefundRequestPayload) =>
      refund ? updateRefund(sale.id, refund.id, payload) : createRefund(sale.id, payload),
    // Never paused and resumed later: refunds are not queued (ARCHITECTURE "Writing").
    networkMode: 'always',
    onSuccess: async () => {
      await onSaved()
      toast.notice(editing ? 'Refund updated' : 'Refund requested', 'success')
      onClose()
    },
    onError: (cause) => {
      form.fail(cause)
      setConfirming(null)
    },
  })

  const typeOptions: { type: RefundType; label: string }[] = [
    { type: 'full', label: `Full refund (${money(refundable)})` },
    { type: 'partial', label: 'Partial refund' },
  ]
  const busy = mutation.isPending
  const title = editing ? 'Edit refund' : 'Request refund'
  const offlineNote = online ? undefined : REFUND_MESSAGES.offline

  if (confirming) {
    return (
      <Dialog
        open
        onClose={() => !busy && onClose()}
        dismissible={!busy}
        title="Confirm refund"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
              Back
            </Button>
            <Button
              variant="danger"
              loading={busy}
              disabled={!online}
              title={offlineNote}
              onClick={() => mutation.mutate(confirming)}
            >
              {editing ? 'Save refund' : 'Confirm refund'}
            </Button>
          </>
        }
      >
        <p className="refund-confirm">
          Refund <strong>{money(confirming.amount)}</strong> to <strong>{cardLabel(sale)}</strong>?
        </p>
        <dl className="refund-confirm__facts">
          <div>
            <dt>Reason</dt>
            <dd>{confirming.refundReason}</dd>
          </div>
          {confirming.customerEmailAddress && (
            <div>
              <dt>Customer email</dt>
              <dd>{confirming.customerEmailAddress}</dd>
            </div>
          )}
        </dl>
        {!online && <p className="muted">{REFUND_MESSAGES.offline}</p>}
      </Dialog>
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="refund-form" disabled={!online} title={offlineNote}>
            Continue
          </Button>
        </>
      }
    >
      <FormSummaryAlert summary={form.summary} onDismiss={form.dismissSummary} />
      <form id="refund-form" className="refund-form" noValidate onSubmit={form.onSubmit}>
        <p className="refund-form__refundable">
          Refundable: <strong>{money(refundable)}</strong>
        </p>
        {!editing && (
          <fieldset
            className="refund-type"
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={errors.type ? 'refund-type-error' : undefined}
          >
            <legend className="field__label">Refund type</legend>
            {typeOptions.map(({ type, label }) => (
              <label key={type} className="refund-type__option">
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={values.type === type}
                  onChange={() => form.set('type', type)}
                />
                {label}
              </label>
            ))}
            {errors.type && (
              <p className="field__error" id="refund-type-error">
                {errors.type}
              </p>
            )}
          </fieldset>
        )}
        {values.type === 'partial' && (
          <TextField
            label="Amount (£)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            hint={`In pounds and pence, up to ${money(refundable)}.`}
            required
            {...form.field('amount')}
          />
        )}
        <Field label="Reason for refund" required error={errors.reason}>
          {(control) => (
            <textarea
              {...control}
              name="reason"
              className="input refund-form__reason"
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              value={values.reason}
              onChange={(event) => form.set('reason', event.target.value)}
            />
          )}
        </Field>
        <TextField
          label="Customer email"
          type="email"
          autoComplete="off"
          optional
          {...form.field('email')}
        />
        {!online && <p className="muted">{REFUND_MESSAGES.offline}</p>}
      </form>
    </Dialog>
  )
}
