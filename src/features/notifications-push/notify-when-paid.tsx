import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { EventType } from '@/api/schema/event-values'
import {
  pushErrorMessage,
  pushQueries,
  thisDevice,
  useSavePushMutation,
} from '@/features/notifications-push/api'
import { pushAvailability } from '@/features/notifications-push/device'
import { useOnline } from '@/offline/use-online'
import { Button } from '@/ui/button'
import './push.css'
import { WriteFailure } from '@/ui/write-failure'

const PAID: EventType = 'intent.succeeded'

export const NOTIFY_TEXTS = {
  button: 'Notify me when it’s paid',
  hint: 'Get a notification on this device, even with the portal closed.',
  done: 'This device will be notified when a payment link of this account is paid.',
} as const

/**
 * 'Notify me when it's paid' on a payment link waiting to be paid (docs/events.md#push): asks for
 * permission on the click, then adds this account and paid links to this device's subscription
 * (keeping what it already had). Hidden where push cannot work or the device is already set.
 */
export function NotifyWhenPaid({ submerchantId }: { submerchantId: string }) {
  const online = useOnline()
  const [available] = useState(pushAvailability)
  const supported = available !== 'unsupported' && available !== 'denied'
  const device = useQuery({ ...pushQueries.device(), enabled: supported })
  const subscriptions = useQuery({ ...pushQueries.subscriptions(), enabled: supported })
  const save = useSavePushMutation()
  const mine = thisDevice(device.data, subscriptions.data)
  const covered = !!mine?.submerchantIds.includes(submerchantId) && mine.eventTypes.includes(PAID)

  if (save.isSuccess) {
    return (
      <p className="push-notify" role="status">
        {NOTIFY_TEXTS.done}
      </p>
    )
  }
  if (save.error) {
    return <WriteFailure failure={pushErrorMessage(save.error)} />
  }
  if (!supported || !device.isSuccess || !subscriptions.isSuccess || covered) return null

  function notify() {
    save.mutate({
      submerchantIds: [...new Set([...(mine?.submerchantIds ?? []), submerchantId])],
      eventTypes: [...new Set([...(mine?.eventTypes ?? []), PAID])],
    })
  }

  return (
    <div className="push-notify">
      <Button
        variant="secondary"
        loading={save.isPending}
        disabled={!online}
        title={online ? undefined : 'Needs a connection'}
        onClick={notify}
      >
        {NOTIFY_TEXTS.button}
      </Button>
      <p className="muted">{NOTIFY_TEXTS.hint}</p>
    </div>
  )
}
