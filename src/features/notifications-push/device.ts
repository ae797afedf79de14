// This browser's side of Web Push (docs/events.md#push): support, permission and the
// PushManager subscription. Permission is asked for only from a person's click, never on load.

// The subscription as the API wants it.
export interface DeviceSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted'

// A failure of the browser's part, told to the person in plain words.
export class PushDeviceError extends Error {
  override name = 'PushDeviceError'
}

export const DEVICE_MESSAGES = {
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then try again.',
  dismissed: 'Notifications were not allowed. Try again and choose Allow.',
  noWorker: 'This page is not ready for notifications yet. Reload it and try again.',
  failed: 'This browser could not set up notifications. Try again later.',
} as const

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported'
  }
  return Notification.permission
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null
}

function toDevice(subscription: PushSubscription): DeviceSubscription | null {
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) return null
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }
}

// This browser's current subscription, if it has one; never asks for anything.
export async function currentDeviceSubscription(): Promise<DeviceSubscription | null> {
  if (pushAvailability() === 'unsupported') return null
  const subscription = await (await registration())?.pushManager.getSubscription()
  return subscription ? toDevice(subscription) : null
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false
  const bytes = new Uint8Array(current)
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i])
}

// Asks for permission (only call this from a click) and subscribes this browser for the server's
// key; a subscription made for another key (the sandbox's database was reset) is made again.
export async function subscribeDevice(vapidPublicKey: string): Promise<DeviceSubscription> {
  if (pushAvailability() === 'unsupported') throw new PushDeviceError(DEVICE_MESSAGES.failed)
  const permission = await Notification.requestPermission()
  if (permission === 'denied') throw new PushDeviceError(DEVICE_MESSAGES.denied)
  if (permission !== 'granted') throw new PushDeviceError(DEVICE_MESSAGES.dismissed)
  const worker = await registration()
  if (!worker) throw new PushDeviceError(DEVICE_MESSAGES.noWorker)
  const key = keyBytes(vapidPublicKey)
  const existing = await worker.pushManager.getSubscription()
  if (existing && !sameKey(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe()
  }
  try {
    const subscription =
      existing && sameKey(existing.options.applicationServerKey, key)
        ? existing
        : await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
    const device = toDevice(subscription)
    if (!device) throw new PushDeviceError(DEVICE_MESSAGES.failed)
    return device
  } catch (error) {
    if (error instanceof PushDeviceError) throw error
    // No push service reachable, or the browser refused: nothing the person can fix here.
    throw new PushDeviceError(DEVICE_MESSAGES.failed, { cause: error })
  }
}

// Ends this browser's subscription; the server's copy is deleted by the caller.
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription()
  await subscription?.unsubscribe()
}
