import { useEffect, useState, type FormEvent } from 'react'
import { onlineManager } from '@tanstack/react-query'
import type { CountryCode } from 'libphonenumber-js/min'
import { toApiError } from '@/api/errors'
import type { Intent } from '@/api/schema/intents'
import {
  checkCreate,
  INITIAL_CREATE_VALUES,
  SERVER_FIELDS,
  type CreateErrors,
  type CreateValues,
} from '@/features/payment-links/create-rules'
import { useCreateIntentMutation } from '@/features/payment-links/api'
import type { CreateIntentVariables } from '@/features/payment-links/mutations'
import { formatDateTime } from '@/lib/dates'
import { parseExpiry } from '@/lib/expiry'
import { formatMoney } from '@/lib/money'
import { loadPhoneLib, phoneCountryOptions, type CountryOption, type PhoneLib } from '@/lib/phone'
import { newQueueableVariables } from '@/offline/queueable'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import { Dialog } from '@/ui/dialog'
import { Field, TextField } from '@/ui/field'
import { PageHeader } from '@/ui/page-layout'
import './payment-links.css'

const INITIAL_COUNTRIES: CountryOption[] = [
  { code: 'GB', name: 'United Kingdom', callingCode: '44' },
]

interface CreateScreenProps {
  submerchantId: string
  requiresJobNumber: boolean
  // Online: the new link's detail page. Offline: the list, where it waits for a connection.
  onCreated: (intent: Intent) => void
  onQueued: () => void
  onCancel: () => void
}

function usePhoneLib(): PhoneLib | null {
  const [lib, setLib] = useState<PhoneLib | null>(null)
  useEffect(() => {
    let live = true
    void loadPhoneLib().then((loaded) => live && setLib(loaded))
    return () => {
      live = false
    }
  }, [])
  return lib
}

// /payment-links/create (docs/screens.md#payment-links) with every rule (docs/validation.md#payment-link-create); a server error opens the 'Oops...' dialog.
export function CreatePaymentLinkScreen({
  submerchantId,
  requiresJobNumber,
  onCreated,
  onQueued,
  onCancel,
}: CreateScreenProps) {
  const phoneLib = usePhoneLib()
  const [values, setValues] = useState<CreateValues>(INITIAL_CREATE_VALUES)
  const [errors, setErrors] = useState<CreateErrors>({})
  const [oops, setOops] = useState<string | null>(null)
  const mutation = useCreateIntentMutation(submerchantId)
  const set = <K extends keyof CreateValues>(key: K, value: CreateValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    setErrors((current) => ({ ...current, [key]: undefined }))
  }
  const text = (key: keyof CreateValues & string) => ({
    name: key,
    value: String(values[key]),
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  })
  const preview = parseExpiry(values.expiry, new Date())
  const countries = phoneLib ? phoneCountryOptions(phoneLib) : INITIAL_COUNTRIES

  async function submit(event: FormEvent) {
    event.preventDefault()
    const lib = phoneLib ?? (await loadPhoneLib())
    const check = checkCreate(values, {
      submerchantId,
      requiresJobNumber,
      phoneLib: lib,
      now: new Date(),
    })
    if (!check.ok) {
      setErrors(check.errors)
      return
    }
    const { payload } = check
    // The Idempotency-Key is made now, when the person presses Create.
    const variables: CreateIntentVariables = {
      ...newQueueableVariables({
        what: 'Payment link',
        forWhom: `${formatMoney(payload.saleAmount, payload.currency)}${payload.reference ? ` · ${payload.reference}` : ''}`,
        submerchantId,
      }),
      payload,
    }
    if (!onlineManager.isOnline()) {
      // Queued: it is sent, exactly once, when the connection returns.
      mutation.mutate(variables)
      onQueued()
      return
    }
    mutation.mutate(variables, {
      onSuccess: onCreated,
      onError: (cause) => {
        const error = toApiError(cause)
        const fieldErrors: CreateErrors = {}
        for (const [name, messages] of Object.entries(error.fieldErrors)) {
          const field = SERVER_FIELDS[name]
          if (field && messages[0]) fieldErrors[field] = messages[0]
        }
        setErrors(fieldErrors)
        const details = Object.values(error.fieldErrors)
          .map((messages) => messages[0])
          .filter((message) => message && message !== error.message)
        setOops([error.message, ...details].join(' '))
      },
    })
  }

  const jobLabel = requiresJobNumber ? 'Job number (Reference)' : 'Reference'
  return (
    <div className="intent-form-page">
      <PageHeader title="Create payment link" />
      <form className="intent-form card" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Amount (£)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint="The fare in pounds, such as 24.50"
          {...text('amount')}
        />
        <TextField
          label={jobLabel}
          optional={!requiresJobNumber}
          required={requiresJobNumber}
          maxLength={100}
          hint={requiresJobNumber ? 'At least 8 characters' : undefined}
          {...text('reference')}
        />
        <TextField
          label="Customer name"
          optional={!requiresJobNumber}
          required={requiresJobNumber}
          maxLength={200}
          autoComplete="off"
          {...text('customerName')}
        />
        <TextField label="Description" optional maxLength={500} {...text('description')} />

        <fieldset className="intent-form__group">
          <legend>Send the link to the customer</legend>
          <div className="intent-form__phone">
            <Field label="Phone country">
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={values.phoneCountry}
                  onChange={(event) => set('phoneCountry', event.target.value as CountryCode)}
                >
                  {countries.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name} (+{option.callingCode})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextField
              label="Customer phone number"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              optional
              {...text('phone')}
            />
          </div>
          <Choice
            type="checkbox"
            checked={values.sendSms}
            onChange={(checked) => set('sendSms', checked)}
            label="Send by SMS"
          />
          <TextField
            label="Customer email address"
            type="email"
            inputMode="email"
            autoComplete="off"
            optional
            {...text('email')}
          />
          <Choice
            type="checkbox"
            checked={values.sendEmail}
            onChange={(checked) => set('sendEmail', checked)}
            label="Send by email"
          />
        </fieldset>

        <TextField
          label="Expires in"
          hint={
            <span aria-live="polite">
              {preview.ok
                ? `Expires ${formatDateTime(preview.expiresAt)}`
                : 'Such as "14 days", "2 hours", "tomorrow 6pm" or "next Friday"'}
            </span>
          }
          maxLength={100}
          {...text('expiry')}
        />

        <div className="intent-form__address">
          <Field label="Customer country">
            {(control) => (
              <select
                {...control}
                className="input"
                value={values.countryCode}
                onChange={(event) => set('countryCode', event.target.value)}
              >
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label="Postcode"
            optional
            autoComplete="off"
            maxLength={16}
            {...text('postcode')}
          />
        </div>

        <fieldset className="intent-form__group">
          <legend>Capture</legend>
          <Choice
            type="radio"
            name="captureMode"
            checked={values.captureMode === 'automatic'}
            onChange={() => set('captureMode', 'automatic')}
            label="Automatic: the customer is charged when they pay"
          />
          <Choice
            type="radio"
            name="captureMode"
            checked={values.captureMode === 'manual'}
            onChange={() => set('captureMode', 'manual')}
            label="Manual: the card is only authorised; you capture the final amount later"
          />
        </fieldset>

        <div className="intent-form__buttons">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending && !mutation.isPaused}>
            Create
          </Button>
        </div>
      </form>
      <Dialog
        open={oops !== null}
        onClose={() => setOops(null)}
        title="Oops..."
        footer={<Button onClick={() => setOops(null)}>OK</Button>}
      >
        <p>{oops}</p>
      </Dialog>
    </div>
  )
}
