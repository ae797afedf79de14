import { useState } from 'react'
import { RefundRequestPayload, type RefundRequest } from '@/api/schema/refunds'
import type { Sale } from '@/api/schema/sales'
import { useCreateRefundMutation, useUpdateRefundMutation } from '@/features/refunds/api'
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
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { Dialog } from '@/ui/dialog'
import { Field, TextField } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'

// The sandbox's limit on refundReason (RefundRequestPayload).
const REASON_MAX_LENGTH = 500

interface RefundDialogProps {
  submerchantId: string
  sale: Sale
  // What may still be refunded by this request (an edit already counts its own amount back in).
  refundable: number
  // Set when editing a pending refund; absent for a new request.
  refund?: RefundRequest
  online: boolean
  onClose: () => void
}

// The refund request (or edit) form (docs/validation.md#refund-request), then a confirmation with the amount and the card before sending.
export function RefundDialog({
  submerchantId,
  sale,
  refundable,
  refund,
  online,
  onClose,
}: RefundDialogProps) {
  const create = useCreateRefundMutation(submerchantId, sale.id)
  const update = useUpdateRefundMutation(submerchantId, sale.id, refund?.id ?? '')
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
    // docs/errors.md#sales-refunds-receipts-terminals: the server message or the status text, in a dismissible alert.
    summarize: (error) => ({ message: refundErrorMessage(error), details: [] }),
  })
  const { values, errors } = form
  const money = (minor: number) => formatMoney(minor, sale.currency)

  // The server's refusal goes back to the form that asked for it (its summary and fields).
  const save = (payload: RefundRequestPayload) =>
    (editing ? update : create).mutateAsync(payload).then(onClose, (cause: unknown) => {
      form.fail(cause)
      setConfirming(null)
    })

  const typeOptions: { type: RefundType; label: string }[] = [
    { type: 'full', label: `Full refund (${money(refundable)})` },
    { type: 'partial', label: 'Partial refund' },
  ]
  const title = editing ? 'Edit refund' : 'Request refund'
  const offlineNote = online ? undefined : REFUND_MESSAGES.offline

  if (confirming) {
    return (
      <ConfirmDialog
        title="Confirm refund"
        action={editing ? 'Save refund' : 'Confirm refund'}
        tone="danger"
        cancelLabel="Back"
        onCancel={() => setConfirming(null)}
        unavailable={offlineNote ?? null}
        onConfirm={() => save(confirming)}
        onClose={onClose}
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
      </ConfirmDialog>
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
      <WriteFailure failure={form.summary} onDismiss={form.dismissSummary} />
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
