export const DEFAULT_AFTER_LOGIN = '/dashboard'

// Only same-origin paths are followed after login; anything else falls back to the dashboard.
export function safeRedirect(value: unknown, origin: string = currentOrigin()): string {
  if (typeof value !== 'string' || value === '' || hasControlCharacters(value)) {
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

// Browsers silently drop tabs and newlines from URLs, which hides tricks like "/\n/evil".
function hasControlCharacters(value: string): boolean {
  return Array.from(value).some((char) => char.charCodeAt(0) < 0x20)
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin
}
