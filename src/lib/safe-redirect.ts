export const DEFAULT_AFTER_LOGIN = '/dashboard'

// Only same-origin paths are followed after login; anything else falls back to the dashboard.
export function safeRedirect(value: unknown, origin: string = currentOrigin()): string {
  if (typeof value !== 'string' || value === '' || /[\u0000-\u001f]/.test(value)) {
    return DEFAULT_AFTER_LOGIN
  }
  try {
    // URL parsing resolves '//host', '/\host' and 'javascript:' the way a browser would.
    const url = new URL(value, origin)
    if (url.origin !== new URL(origin).origin) return DEFAULT_AFTER_LOGIN
    const path = `${url.pathname}${url.search}${url.hash}`
    return url.pathname === '/login' ? DEFAULT_AFTER_LOGIN : path
  } catch {
    return DEFAULT_AFTER_LOGIN
  }
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin
}
