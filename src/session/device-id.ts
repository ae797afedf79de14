import { DEVICE_COOKIE, DEVICE_STORAGE_KEY, safeStorage, writeDeviceCookie } from '@/session/device'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

const isDeviceId = (value: string | null): value is string =>
  value !== null && /^[A-Za-z0-9-]{8,200}$/.test(value)

// The id the refresh token is bound to; created once, then kept in both places.
export function getDeviceIdentifier(): string {
  let stored: string | null = null
  safeStorage((storage) => (stored = storage.getItem(DEVICE_STORAGE_KEY)))
  const id = [readCookie(DEVICE_COOKIE), stored].find(isDeviceId) ?? crypto.randomUUID()
  if (readCookie(DEVICE_COOKIE) !== id) writeDeviceCookie(id, ONE_YEAR_SECONDS)
  if (stored !== id) safeStorage((storage) => storage.setItem(DEVICE_STORAGE_KEY, id))
  return id
}
