import { PRODUCT_COOKIE_DOMAIN } from '@/config/app'

// docs/api.md#users-and-session: the device id lives in a cookie shared across the product domain and in localStorage.
// Removing it (logout, which works offline) is here; reading it, which only the token calls do,
// is in session/device-id.ts, with them in the HTTP client's chunk.
export const DEVICE_COOKIE = 'portal_device_id'
export const DEVICE_STORAGE_KEY = 'portal:device-id'

// Only on the product's own hosts may the cookie be widened to the whole domain.
function cookieDomain(hostname: string): string {
  return hostname === PRODUCT_COOKIE_DOMAIN || hostname.endsWith(`.${PRODUCT_COOKIE_DOMAIN}`)
    ? `; Domain=.${PRODUCT_COOKIE_DOMAIN}`
    : ''
}

export function writeDeviceCookie(value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${DEVICE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}${cookieDomain(location.hostname)}`
}

export function safeStorage(action: (storage: Storage) => void): void {
  try {
    action(localStorage)
  } catch {
    // Blocked storage: the cookie alone carries the id.
  }
}

// docs/states.md#session: logout removes the device id.
export function removeDeviceIdentifier(): void {
  writeDeviceCookie('', 0)
  safeStorage((storage) => storage.removeItem(DEVICE_STORAGE_KEY))
}
