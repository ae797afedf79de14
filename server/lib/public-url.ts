// Absolute links (receipt pages, reset links, invitations, pay pages) come from PUBLIC_URL, never
// from the request: neither its Host header nor X-Forwarded-Host/-Proto, which a client can write
// (reset-link poisoning, issues 12 and 49; docs/deploying.md#links).
import type { Context } from 'hono'
import type { ServerConfig } from '../config'
import type { AppEnv } from '../context'
import { isLoopbackHost } from './hosts'

// What app.request() in tests answers on when no PUBLIC_URL is configured; main.ts always sets one
// (an exposed or proxied server does not start without it).
const UNCONFIGURED_ORIGIN = 'http://localhost'

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

// The origin links are built on: PUBLIC_URL (work outside a request, like the world's round, asks
// with the configuration alone).
export function configuredOrigin(config: Pick<ServerConfig, 'publicUrl'>): string {
  return new URL(config.publicUrl ?? UNCONFIGURED_ORIGIN).origin
}

export function publicOrigin(c: Context<AppEnv>): string {
  return configuredOrigin(c.get('deps').config)
}

export function absoluteUrl(c: Context<AppEnv>, path: string): string {
  return new URL(path, publicOrigin(c)).toString()
}

// Origins a link sent by the portal (completionUrl) may point at: PUBLIC_URL, PORTAL_ORIGINS, and
// for a loopback PUBLIC_URL its other loopback names (the browser may use localhost or 127.0.0.1).
export function portalOrigins(c: Context<AppEnv>): Set<string> {
  const own = new URL(publicOrigin(c))
  const allowed = new Set([own.origin, ...(c.get('deps').config.portalOrigins ?? [])])
  if (isLoopbackHost(own.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      allowed.add(`${own.protocol}//${name}${own.port ? `:${own.port}` : ''}`)
    }
  }
  return allowed
}
