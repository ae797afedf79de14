// Absolute links (receipt pages, reset links, pay pages) come from configuration, never from the
// request's Host header, which anyone can forge (reset-link poisoning, issue 12, item 3).
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { isLoopbackHost } from './hosts'

// What app.request() in tests answers on when no PUBLIC_URL is configured; main.ts always sets one.
const UNCONFIGURED_ORIGIN = 'http://localhost'

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

const HOST_HEADER = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

function firstForwarded(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim().toLowerCase() || undefined
}

// The origin links are built on: PUBLIC_URL, or with TRUST_PROXY=1 what the proxy forwarded.
export function publicOrigin(c: Context<AppEnv>): string {
  const config = c.get('deps').config
  const configured = new URL(config.publicUrl ?? UNCONFIGURED_ORIGIN)
  if (!config.trustProxy) return configured.origin
  const host = firstForwarded(c.req.header('x-forwarded-host'))
  const proto = firstForwarded(c.req.header('x-forwarded-proto'))
  const scheme = proto === 'https' || proto === 'http' ? proto : configured.protocol.slice(0, -1)
  const authority = host && HOST_HEADER.test(host) ? host : configured.host
  return `${scheme}://${authority}`
}

export function absoluteUrl(c: Context<AppEnv>, path: string): string {
  return new URL(path, publicOrigin(c)).toString()
}

// Origins a link sent by the portal (completionUrl) may point at: this server, CORS_ORIGINS, and
// for a loopback server its other loopback names (the browser may use localhost or 127.0.0.1).
export function portalOrigins(c: Context<AppEnv>): Set<string> {
  const own = new URL(publicOrigin(c))
  const allowed = new Set([own.origin, ...c.get('deps').config.corsOrigins])
  if (isLoopbackHost(own.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      allowed.add(`${own.protocol}//${name}${own.port ? `:${own.port}` : ''}`)
    }
  }
  return allowed
}
