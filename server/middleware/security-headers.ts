import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import type { InlineSources } from '../inline-sources'

export function contentSecurityPolicy(
  connectSrc: string[] = [],
  inline: InlineSources = { style: [], script: [] },
): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inline.script].join(' '),
    ['style-src', "'self'", ...inline.style].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connectSrc].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

const PERMISSIONS_POLICY = [
  // This origin only: Check a payment reads a proof's QR code (docs/screens.md#check-a-payment).
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ')

// Applied after the handler so error, 404 and static responses carry them too.
export function securityHeaders(opts: { connectSrc?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const csp = contentSecurityPolicy(opts.connectSrc)
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    const inline = c.get('inlineSources')
    headers.set(
      'Content-Security-Policy',
      inline ? contentSecurityPolicy(opts.connectSrc, inline) : csp,
    )
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Permissions-Policy', PERMISSIONS_POLICY)
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Cross-Origin-Resource-Policy', 'same-site')
  }
}
