import { PRODUCT_COOKIE_DOMAIN } from '@/config/app'

// docs/api.md#users-and-session: the device id lives in a cookie shared across the product domain and in localStorage.
export const DEVICE_COOKIE = 'portal_device_id'
export const DEVICE_STORAGE_KEY = 'portal:device-id'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

// Only on the product's own hosts may the cookie be widened to the whole domain.
function cookieDomain(hostname: string): string {
  return hostname === PRODUCT_COOKIE_DOMAIN || hostname.endsWith(`.${PRODUCT_COOKIE_DOMAIN}`)
    ? `; Domain=.${PRODUCT_COOKIE_DOMAIN}`
    : ''
}

function writeCookie(value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${DEVICE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}${cookieDomain(location.hostname)}`
}

function safeStorage(action: (storage: Storage) => void): void {
  try {
    action(localStorage)
  } catch {
    // Blocked storage: the cookie alone carries the id.
  }
}

const isDeviceId = (value: string | null): value is string =>
  value !== null && /^[A-Za-z0-9-]{8,200}$/.test(value)

// The id the refresh token is bound to; created once, then kept in both places.
export function getDeviceIdentifier(): string {
  let stored: string | null = null
  safeStorage((storage) => (stored = storage.getItem(DEVICE_STORAGE_KEY)))
  const id = [readCookie(DEVICE_COOKIE), stored].find(isDeviceId) ?? crypto.randomUUID()
  if (readCookie(DEVICE_COOKIE) !== id) writeCookie(id, ONE_YEAR_SECONDS)
  if (stored !== id) safeStorage((storage) => storage.setItem(DEVICE_STORAGE_KEY, id))
  return id
}

// docs/states.md#session: logout removes the device id.
export function removeDeviceIdentifier(): void {
  writeCookie('', 0)
  safeStorage((storage) => storage.removeItem(DEVICE_STORAGE_KEY))
}
