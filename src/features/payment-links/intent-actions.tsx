import { useState, type FormEvent } from 'react'
import { onlineManager } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Intent } from '@/api/schema/intents'
import {
  useIntentActionMutation,
  useNotifyCustomerMutation,
  type IntentAction,
} from '@/features/payment-links/api'
import { captureAmountOf } from '@/features/payment-links/capture'
import type { NotifyIntentVariables } from '@/features/payment-links/mutations'
import { NEEDS_CONNECTION } from '@/config/app'
import { formatMoney, minorToDecimalString, parseMoney } from '@/lib/money'
import { DELETABLE_STATUSES } from '@/lib/payment-link-rules'
import { newQueueableVariables } from '@/offline/queueable'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Button, buttonClassName } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { TextField } from '@/ui/field'
import { useToast } from '@/ui/toast'
import { WriteFailure } from '@/ui/write-failure'

export const ACTION_TEXTS = {
  needsConnection: NEEDS_CONNECTION,
  captureWarning:
    'The bank releases the authorisation if it is not captured, ideally within 24 hours.',
  notificationError: 'Error sending notification',
  operationFailed: (message: string) => `Operation failed: ${message}`,
} as const

interface IntentActionsProps {
  intent: Intent
  submerchantId: string
  canModify: boolean
  onDeleted: () => void
}

const CONFIRM: Record<
  Exclude<IntentAction, 'capture'>,
  { title: string; text: string; button: string }
> = {
  cancel: {
    title: 'Cancel payment link',
    text: 'The customer will no longer be able to pay with this link.',
    button: 'Cancel link',
  },
  reset: {
    title: 'Reset payment link',
    text: 'The link goes back to Created so the customer can try again. An authorisation is released.',
    button: 'Reset link',
  },
  delete: {
    title: 'Delete payment link',
    text: 'The link and its history are removed. This cannot be undone.',
    button: 'Delete link',
  },
}

// Actions by status (docs/states.md#payment-links): created (edit, cancel, resend), authorised (capture), reset, delete.
export function IntentActions({ intent, submerchantId, canModify, onDeleted }: IntentActionsProps) {
  const online = useOnline()
  const [confirming, setConfirming] = useState<Exclude<IntentAction, 'capture'> | null>(null)
  const action = useIntentActionMutation(submerchantId, intent.id)
  if (!canModify) return null
  const { status, statusIsFinal } = intent
  const offlineTitle = online ? undefined : ACTION_TEXTS.needsConnection
  const busy = action.isPending
  const deletable = (DELETABLE_STATUSES as readonly string[]).includes(status)
  const actionButton = (kind: Exclude<IntentAction, 'capture'>, label: string, danger = false) => (
    <Button
      variant={danger ? 'danger' : 'secondary'}
      disabled={!online || busy}
      title={offlineTitle}
      onClick={() => setConfirming(kind)}
    >
      {label}
      {!online && (
        <span className="intent-actions__offline"> ({ACTION_TEXTS.needsConnection})</span>
      )}
    </Button>
  )
  const hasAny =
    status === 'created' || status === 'authorized_pending_capture' || !statusIsFinal || deletable
  if (!hasAny) return null
  return (
    <section className="card intent-actions" aria-labelledby="intent-actions">
      <h2 id="intent-actions">Actions</h2>
      {status === 'authorized_pending_capture' && (
        <CaptureForm intent={intent} submerchantId={submerchantId} online={online} />
      )}
      <div className="intent-actions__buttons">
        {status === 'created' && (
          <Link
            to="/payment-links/$intentId/edit"
            params={{ intentId: intent.id }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Edit
          </Link>
        )}
        {status === 'created' && actionButton('cancel', 'Cancel link')}
        {!statusIsFinal && actionButton('reset', 'Reset')}
        {deletable && actionButton('delete', 'Delete', true)}
      </div>
      {status === 'created' && <ResendForm intent={intent} submerchantId={submerchantId} />}
      {confirming && (
        <ConfirmDialog
          title={CONFIRM[confirming].title}
          action={CONFIRM[confirming].button}
          tone={confirming === 'delete' ? 'danger' : 'normal'}
          cancelLabel="Back"
          unavailable={offlineTitle ?? null}
          onConfirm={() =>
            action.mutateAsync({ action: confirming }).then(() => {
              setConfirming(null)
              if (confirming === 'delete') onDeleted()
            })
          }
          failureText={(error) => ACTION_TEXTS.operationFailed(error.message)}
          onClose={() => setConfirming(null)}
        >
          <p>{CONFIRM[confirming].text}</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

// docs/states.md#payment-links capture of an authorised link; a failure shows in this form.
function CaptureForm({
  intent,
  submerchantId,
  online,
}: {
  intent: Intent
  submerchantId: string
  online: boolean
}) {
  const capture = useIntentActionMutation(submerchantId, intent.id)
  const [text, setText] = useState(minorToDecimalString(intent.amount, intent.currency))
  const [error, setError] = useState<string | null>(null)
  const amount = captureAmountOf(text, intent.amount)
  const capped = parseMoney(text.trim()) !== null && (parseMoney(text.trim()) ?? 0) > intent.amount
  function submit(event: FormEvent) {
    event.preventDefault()
    if (amount === null) {
      setError('Amount is required')
      return
    }
    capture.mutate({ action: 'capture', capture: { amount } })
  }
  return (
    <form className="intent-capture" noValidate onSubmit={submit}>
      <Alert tone="warning" title="Authorised, awaiting capture">
        <p>{ACTION_TEXTS.captureWarning}</p>
      </Alert>
      <WriteFailure
        error={capture.error}
        text={(error) => ACTION_TEXTS.operationFailed(error.message)}
        onDismiss={() => capture.reset()}
      />
      <TextField
        label="Capture amount (£)"
        inputMode="decimal"
        value={text}
        error={error}
        hint={
          capped
            ? `Capped at the link's amount: ${formatMoney(intent.amount, intent.currency)}`
            : `Up to ${formatMoney(intent.amount, intent.currency)}`
        }
        onChange={(event) => {
          setText(event.target.value)
          setError(null)
        }}
      />
      <Button
        type="submit"
        loading={capture.isPending}
        disabled={!online}
        title={online ? undefined : ACTION_TEXTS.needsConnection}
      >
        {amount ? `Capture ${formatMoney(amount, intent.currency)}` : 'Capture'}
        {!online && (
          <span className="intent-actions__offline"> ({ACTION_TEXTS.needsConnection})</span>
        )}
      </Button>
    </form>
  )
}

// Resend (docs/validation.md#resend-form): the button is enabled only when a phone or email exists and a channel is ticked.
function ResendForm({ intent, submerchantId }: { intent: Intent; submerchantId: string }) {
  const toast = useToast()
  const notify = useNotifyCustomerMutation(submerchantId)
  const [phone, setPhone] = useState(intent.customerPhoneNumber ?? '')
  const [email, setEmail] = useState(intent.customerEmailAddress ?? '')
  const [sms, setSms] = useState(false)
  const [byEmail, setByEmail] = useState(false)
  const phoneText = phone.replace(/[\s-]/g, '')
  const ready = (sms && phoneText !== '') || (byEmail && email.trim() !== '')
  function send(event: FormEvent) {
    event.preventDefault()
    if (!ready) return
    const channels = [
      ...(sms && phoneText ? ['sms' as const] : []),
      ...(byEmail && email.trim() ? ['email' as const] : []),
    ]
    const variables: NotifyIntentVariables = {
      ...newQueueableVariables({
        what: 'Payment link notification',
        forWhom: [sms ? phoneText : null, byEmail ? email.trim() : null].filter(Boolean).join(', '),
        submerchantId,
      }),
      intentId: intent.id,
      payload: {
        channels,
        customerPhoneNumber: phoneText || null,
        customerEmailAddress: email.trim() || null,
      },
    }
    notify.mutate(variables)
    if (!onlineManager.isOnline())
      toast.notice('Queued: it will be sent when the connection returns.')
  }
  return (
    <form className="intent-resend" noValidate onSubmit={send} aria-labelledby="intent-resend">
      <h3 id="intent-resend">Resend notification</h3>
      <TextField
        label="Customer phone number"
        type="tel"
        inputMode="tel"
        optional
        hint="International format, such as +447700900123"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <TextField
        label="Customer email address"
        type="email"
        inputMode="email"
        optional
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="intent-resend__channels" role="group" aria-label="Send by">
        <Choice type="checkbox" checked={sms} onChange={setSms} label="SMS" />
        <Choice type="checkbox" checked={byEmail} onChange={setByEmail} label="Email" />
      </div>
      <WriteFailure error={notify.error} text={() => ACTION_TEXTS.notificationError} />
      <Button type="submit" disabled={!ready} loading={notify.isPending && !notify.isPaused}>
        Send notification
      </Button>
    </form>
  )
}
