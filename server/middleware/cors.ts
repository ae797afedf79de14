import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../context'

export const EXPOSED_HEADERS = ['Total-Count', 'Total-Count-Is-Approximate', 'Request-Id']

export const ALLOWED_REQUEST_HEADERS = [
  'Content-Type',
  'X-Requested-With',
  'Token-Perspective',
  'Idempotency-Key',
  'Authorization',
  'Cache-Control',
  'Pragma',
]

// Credentialed CORS only for the configured portal origins; other origins get no CORS headers.
export function credentialedCors(origins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins.map((origin) => origin.replace(/\/+$/, '')))
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ALLOWED_REQUEST_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  })
}

// Public, credential-free resources (the status page JSON) may be read from anywhere.
export function publicCors(): MiddlewareHandler<AppEnv> {
  return cors({ origin: '*', allowMethods: ['GET', 'HEAD'], exposeHeaders: ['Request-Id'] })
}
