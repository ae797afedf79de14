import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Intent } from '@/api/schema/intents'
import { intentQueries, useUpdateIntentMutation } from '@/features/payment-links/api'
import { minorToDecimalString, parseMoney } from '@/lib/money'
import { jobNumberProblems, linkAmountProblem } from '@/lib/payment-link-rules'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/field'
import { PageHeader } from '@/ui/page-layout'
import { QueryView } from '@/ui/query-view'
import './payment-links.css'
import { WriteFailure } from '@/ui/write-failure'

interface EditScreenProps {
  submerchantId: string
  intentId: string
  requiresJobNumber: boolean
  onSaved: () => void
  onCancel: () => void
}

// /payment-links/{id}/edit (docs/screens.md#payment-links): PATCH amount, description, reference and customer name.
export function EditPaymentLinkScreen(props: EditScreenProps) {
  const query = useQuery(intentQueries.detail(props.submerchantId, props.intentId))
  return (
    <>
      <PageHeader title="Edit payment link" />
      <QueryView
        query={query}
        errorTitle="Failed to load intent"
        what="this payment link"
        pendingLabel="Loading the payment link"
      >
        {(intent) =>
          intent.status === 'created' ? (
            <EditForm intent={intent} {...props} />
          ) : (
            <Alert tone="warning">
              <p>Only links that have not been paid or cancelled can be edited.</p>
            </Alert>
          )
        }
      </QueryView>
    </>
  )
}

type EditValues = Record<'amount' | 'reference' | 'customerName' | 'description', string>

function EditForm({
  intent,
  submerchantId,
  requiresJobNumber,
  onSaved,
  onCancel,
}: EditScreenProps & { intent: Intent }) {
  const online = useOnline()
  const [values, setValues] = useState<EditValues>({
    amount: minorToDecimalString(intent.amount, intent.currency),
    reference: intent.reference ?? '',
    customerName: intent.customerName ?? '',
    description: intent.description ?? '',
  })
  const [errors, setErrors] = useState<Partial<EditValues>>({})
  const save = useUpdateIntentMutation(submerchantId, intent.id)
  const field = (name: keyof EditValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }))
      setErrors((current) => ({ ...current, [name]: undefined }))
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    const next: Partial<EditValues> = {}
    const amount = parseMoney(values.amount.trim())
    const amountProblem = linkAmountProblem(amount)
    if (amountProblem) next.amount = amountProblem
    if (requiresJobNumber) {
      for (const problem of jobNumberProblems(values)) next[problem.field] = problem.message
    }
    setErrors(next)
    if (Object.keys(next).length > 0 || amount === null) return
    // The detail (and its persisted copy) hold the new values before the page moves on.
    save.mutate(
      {
        saleAmount: amount,
        currency: intent.currency,
        reference: values.reference.trim() || null,
        customerName: values.customerName.trim() || null,
        description: values.description.trim() || null,
      },
      { onSuccess: onSaved },
    )
  }
  return (
    <form className="intent-form card" noValidate onSubmit={submit}>
      <WriteFailure
        error={save.error}
        text={(error) => `Operation failed: ${error.message}`}
        onDismiss={() => save.reset()}
      />
      <TextField label="Amount (£)" inputMode="decimal" required {...field('amount')} />
      <TextField
        label={requiresJobNumber ? 'Job number (Reference)' : 'Reference'}
        optional={!requiresJobNumber}
        maxLength={100}
        {...field('reference')}
      />
      <TextField
        label="Customer name"
        optional={!requiresJobNumber}
        maxLength={200}
        {...field('customerName')}
      />
      <TextField label="Description" optional maxLength={500} {...field('description')} />
      <div className="intent-form__buttons">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!online}
          title={online ? undefined : 'Needs a connection'}
        >
          Save
        </Button>
      </div>
    </form>
  )
}
