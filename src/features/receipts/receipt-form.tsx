import { useEffect, useState, type FormEvent } from 'react'
import type { CountryCode } from 'libphonenumber-js/min'
import type { ReceiptRequest } from '@/features/receipts/api'
import { CHANNEL_LABELS, type ReceiptChannel } from '@/features/receipts/messages'
import { EMAIL_RECEIPT_RULES, EmailReceiptSchema } from '@/features/receipts/validation'
import { isModuleLoadError } from '@/lib/lazy-load'
import {
  DEFAULT_PHONE_COUNTRY,
  loadPhoneLib,
  phoneCountryOptions,
  toE164,
  type CountryOption,
  type PhoneLib,
} from '@/lib/phone'
import { Button } from '@/ui/button'
import { useForm } from '@/lib/use-form'
import { Field, TextField } from '@/ui/field'
import { ModuleUnavailable } from '@/ui/module-unavailable'

interface ChannelFormProps {
  brand: string
  busy: boolean
  onSend: (request: ReceiptRequest) => void
  onCancel: () => void
}

// Receipt form (docs/screens.md#receipts): the channel first; Cancel in either form returns here.
export function ChannelChoice({ onChoose }: { onChoose: (channel: ReceiptChannel) => void }) {
  return (
    <div className="receipt-choice" role="group" aria-label="Send receipt by">
      <p className="receipt-choice__label">Send receipt by</p>
      <div className="receipt-choice__buttons">
        {(['sms', 'email'] as const).map((channel) => (
          <Button key={channel} variant="secondary" onClick={() => onChoose(channel)}>
            {CHANNEL_LABELS[channel]}
          </Button>
        ))}
      </div>
    </div>
  )
}

function FormButtons({ busy, onCancel }: Pick<ChannelFormProps, 'busy' | 'onCancel'>) {
  return (
    <div className="receipt-form__buttons">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        Send
      </Button>
    </div>
  )
}

// The default country alone until libphonenumber-js has loaded.
const INITIAL_COUNTRIES: CountryOption[] = [
  { code: DEFAULT_PHONE_COUNTRY, name: 'United Kingdom', callingCode: '44' },
]

export function SmsReceiptForm({ brand, busy, onSend, onCancel }: ChannelFormProps) {
  const [lib, setLib] = useState<PhoneLib | null>(null)
  const [country, setCountry] = useState<CountryCode>(DEFAULT_PHONE_COUNTRY)
  const [number, setNumber] = useState('')
  const [error, setError] = useState<string | null>(null)
  // The phone rules could not load (offline before this device saved them): Send says so.
  const [unavailable, setUnavailable] = useState(false)

  useEffect(() => {
    let live = true
    loadPhoneLib().then(
      (loaded) => live && setLib(loaded),
      () => {
        // Tried again on Send, which shows the failure where the person pressed.
      },
    )
    return () => {
      live = false
    }
  }, [])

  const countries = lib ? phoneCountryOptions(lib) : INITIAL_COUNTRIES

  async function submit(event: FormEvent) {
    event.preventDefault()
    let phoneLib = lib
    try {
      phoneLib ??= await loadPhoneLib()
    } catch (failure) {
      if (!isModuleLoadError(failure)) throw failure
      setUnavailable(true)
      return
    }
    setLib(phoneLib)
    setUnavailable(false)
    const phone = toE164(phoneLib, number, country)
    if (!phone.ok) {
      setError(phone.message)
      return
    }
    setError(null)
    onSend({ payload: { channel: 'sms', phoneNumber: phone.e164, brand }, forWhom: phone.e164 })
  }

  return (
    <form className="receipt-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="receipt-form__phone">
        <Field label="Country" className="receipt-form__country">
          {(control) => (
            <select
              {...control}
              className="input"
              value={country}
              onChange={(event) => setCountry(event.target.value as CountryCode)}
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
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={number}
          error={error}
          required
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      {unavailable && <ModuleUnavailable />}
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  )
}

export function EmailReceiptForm({ brand, busy, onSend, onCancel }: ChannelFormProps) {
  const form = useForm({
    initial: { emailAddress: '' },
    schema: EmailReceiptSchema,
    ...EMAIL_RECEIPT_RULES,
    // The send is useSendReceiptMutation's (queued when offline); its outcome is a toast.
    onSubmit: ({ emailAddress }) =>
      onSend({ payload: { channel: 'email', emailAddress, brand }, forWhom: emailAddress }),
  })

  return (
    <form className="receipt-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...form.field('emailAddress')}
      />
      <FormButtons busy={busy} onCancel={onCancel} />
    </form>
  )
}
