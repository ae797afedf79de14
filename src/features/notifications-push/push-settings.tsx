import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { EVENT_TYPES, type EventType } from '@/api/schema/event-values'
import type { PushSubscription } from '@/api/schema/events'
import {
  pushErrorMessage,
  pushQueries,
  thisDevice,
  useSavePushMutation,
  useTurnOffPushMutation,
} from '@/features/notifications-push/api'
import { pushAvailability, type PushAvailability } from '@/features/notifications-push/device'
import { EVENT_TITLES } from '@/lib/event-titles'
import { useOnline } from '@/offline/use-online'
import { Alert } from '@/ui/alert'
import { Button } from '@/ui/button'
import { Choice } from '@/ui/choice'
import './push.css'
import { WriteFailure } from '@/ui/write-failure'

export interface PushAccount {
  id: string
  name: string
}

interface PushSettingsProps {
  // The person's accounts, to choose from; undefined while they load.
  accounts: readonly PushAccount[] | undefined
  // Chosen first when this device has no subscription yet.
  currentAccountId: string | null
}

// What a device that has never been set up starts with: the news a driver or manager waits for.
const DEFAULT_TYPES: readonly EventType[] = [
  'intent.succeeded',
  'sale.withheld',
  'refund_request.completed',
  'payout.paid',
  'payout.failed',
]

// The event choices by area, in the order of the sidebar.
const EVENT_GROUPS = [
  { label: 'Sales', prefix: 'sale.' },
  { label: 'Payment links', prefix: 'intent.' },
  { label: 'Refunds', prefix: 'refund_request.' },
  { label: 'Payouts', prefix: 'payout.' },
  { label: 'Developer tools', prefix: 'webhook_endpoint.' },
  { label: 'Tax year', prefix: 'tax_year.' },
] as const

export const PUSH_TEXTS = {
  intro:
    'Get a notification on this device when something happens in your accounts, even when the portal is closed.',
  unsupported:
    'This browser cannot show notifications from the portal. On an iPhone or iPad, add the portal to your Home Screen first and open it from there.',
  deniedTitle: 'Notifications are blocked on this device',
  denied:
    'To turn them on, allow notifications for this site in your browser’s site settings (the icon beside the address), then reload this page.',
  roleHint: 'You only get the events your role lets you see in each account.',
  noAccount: 'Choose at least one account.',
  noType: 'Choose at least one event.',
  saved: 'Saved. This device will be notified.',
  off: 'Notifications are off on this device.',
} as const

// The profile's Notifications section (docs/events.md#push): this device on or off, and which
// accounts and events it is notified of.
export function PushSettings({ accounts, currentAccountId }: PushSettingsProps) {
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability)
  const supported = availability !== 'unsupported'
  const device = useQuery({ ...pushQueries.device(), enabled: supported })
  const subscriptions = useQuery({ ...pushQueries.subscriptions(), enabled: supported })
  const mine = thisDevice(device.data, subscriptions.data)
  const others = (subscriptions.data ?? []).filter((s) => s.id !== mine?.id).length
  const ready = !!accounts && device.isFetched && subscriptions.isFetched
  // Kept here: the form starts again when this device's subscription appears or goes.
  const [notice, setNotice] = useState<string | null>(null)

  return (
    <section className="card profile-card" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">Notifications</h2>
      <p className="muted">{PUSH_TEXTS.intro}</p>
      {availability === 'unsupported' ? (
        <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert>
      ) : availability === 'denied' ? (
        <Alert tone="warning" title={PUSH_TEXTS.deniedTitle}>
          <p>{PUSH_TEXTS.denied}</p>
        </Alert>
      ) : ready && accounts ? (
        <PushForm
          // A new or removed subscription starts the form again from what the server holds.
          key={mine?.id ?? 'off'}
          accounts={accounts}
          mine={mine}
          defaultAccountIds={currentAccountId ? [currentAccountId] : accounts.map((a) => a.id)}
          onPermissionChange={() => setAvailability(pushAvailability())}
          onNotice={setNotice}
        />
      ) : (
        <p className="muted">Checking this device…</p>
      )}
      {notice && (
        <p className="push-settings__done" role="status">
          {notice}
        </p>
      )}
      {others > 0 && (
        <p className="muted">
          You also get notifications on {others} other {others === 1 ? 'device' : 'devices'}.
        </p>
      )}
    </section>
  )
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((x) => x !== item)
}

interface PushFormProps {
  accounts: readonly PushAccount[]
  mine: PushSubscription | null
  defaultAccountIds: string[]
  onPermissionChange: () => void
  // What the last write did, said under the form ('Saved', 'off'); null clears it.
  onNotice: (notice: string | null) => void
}

function PushForm({
  accounts,
  mine,
  defaultAccountIds,
  onPermissionChange,
  onNotice,
}: PushFormProps) {
  const online = useOnline()
  const [accountIds, setAccountIds] = useState<string[]>(mine?.submerchantIds ?? defaultAccountIds)
  const [types, setTypes] = useState<EventType[]>(mine?.eventTypes ?? [...DEFAULT_TYPES])
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSavePushMutation()
  const turnOff = useTurnOffPushMutation()
  const busy = save.isPending || turnOff.isPending
  const error = save.error ?? turnOff.error

  // Called from the button's click: the permission prompt may only follow a person's action.
  function submit() {
    onNotice(null)
    const chosen = accountIds.filter((id) => accounts.some((a) => a.id === id))
    if (chosen.length === 0) return setProblem(PUSH_TEXTS.noAccount)
    if (types.length === 0) return setProblem(PUSH_TEXTS.noType)
    setProblem(null)
    // mutateAsync, not mutate's callbacks: the form starts again (and this one unmounts) when the
    // saved subscription arrives, but the notice and the permission still need updating.
    save
      .mutateAsync({ submerchantIds: chosen, eventTypes: types })
      .then(() => onNotice(PUSH_TEXTS.saved))
      .catch(() => undefined)
      .finally(onPermissionChange)
  }

  function off() {
    onNotice(null)
    turnOff
      .mutateAsync(mine?.id ?? null)
      .then(() => onNotice(PUSH_TEXTS.off))
      .catch(() => undefined)
  }

  const offlineTitle = online ? undefined : 'Needs a connection'
  return (
    <form
      className="push-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="push-settings__device">
        <div>
          <p className="push-settings__label">This device</p>
          <p className="muted">{mine ? 'On' : 'Off'}</p>
        </div>
        {mine && (
          <Button
            variant="secondary"
            loading={turnOff.isPending}
            disabled={!online || busy}
            title={offlineTitle}
            onClick={off}
          >
            Turn off
          </Button>
        )}
      </div>
      <fieldset className="choice-group">
        <legend>Accounts</legend>
        {accounts.map((account) => (
          <Choice
            key={account.id}
            type="checkbox"
            label={account.name}
            checked={accountIds.includes(account.id)}
            onChange={(on) => setAccountIds((ids) => toggle(ids, account.id, on))}
          />
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>Events</legend>
        <p className="muted push-settings__hint">{PUSH_TEXTS.roleHint}</p>
        {EVENT_GROUPS.map((group) => (
          <fieldset key={group.label} className="push-settings__types">
            <legend>{group.label}</legend>
            {EVENT_TYPES.filter((type) => type.startsWith(group.prefix)).map((type) => (
              <Choice
                key={type}
                type="checkbox"
                label={EVENT_TITLES[type]}
                checked={types.includes(type)}
                onChange={(on) => setTypes((list) => toggle(list, type, on))}
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
      <WriteFailure failure={problem ?? (error ? pushErrorMessage(error) : null)} />
      <div className="push-settings__actions">
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!online || busy}
          title={offlineTitle}
        >
          {mine ? 'Save' : 'Turn on notifications'}
        </Button>
      </div>
    </form>
  )
}
