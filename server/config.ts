import { DEFAULT_TRUSTED_PROXIES, parseCidr } from './lib/proxy-ranges'
import { isLoopbackHost } from './lib/hosts'
import { DEFAULT_LEASE_SECONDS, DELIVERY_TIMEOUT_MS } from './webhooks/timing'

// Rate limits of login, registration and forgot-password (middleware/abuse-limits.ts).
export interface AbuseLimits {
  windowSeconds: number
  perIp: number
  perEmail: number
}

// Roomy enough for the test suites, which sign in many times from 127.0.0.1.
export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { windowSeconds: 60, perIp: 300, perEmail: 60 }

// Open event streams per person and per IP address (a tab holds one; a fleet office shares an IP).
export const DEFAULT_STREAM_CAPS = { perUser: 10, perIp: 50 } as const

export interface ServerConfig {
  // Lighter scrypt parameters and no real delays under test.
  mode: 'production' | 'test'
  sandboxControls: boolean
  corsOrigins: string[]
  distDir: string
  // Plain-http localhost: cookies are not marked Secure.
  insecureCookies: boolean
  // Rate limits of login, registration and forgot-password; DEFAULT_ABUSE_LIMITS when absent.
  abuseLimits?: AbuseLimits
  // Test-only crash point (SANDBOX_FAULT, test mode only), see middleware/idempotency.ts.
  fault?: string
  // Origin of absolute links (PUBLIC_URL); main.ts defaults it to the listening address on a
  // loopback-only sandbox, and an exposed or proxied server does not start without it.
  publicUrl?: string
  // Other origins a reset link (completionUrl) may point at besides PUBLIC_URL (PORTAL_ORIGINS).
  portalOrigins?: string[]
  // Behind a proxy (TRUST_PROXY=1), X-Forwarded-For names the client (server/lib/client-ip.ts).
  trustProxy?: boolean
  // The proxies whose X-Forwarded-For hops are believed (TRUSTED_PROXIES; loopback when absent).
  trustedProxies?: string[]
  // Reachable by others: a HOST that is not loopback, or behind a proxy (TRUST_PROXY=1). Production
  // behaviour (PUBLIC_URL required, no private-address receivers, sandbox controls need a token)
  // follows this flag; absent means a loopback-only sandbox.
  exposed?: boolean
  // When set, the /sandbox controls need Authorization: Bearer <SANDBOX_TOKEN>.
  sandboxToken?: string
  // A /v1 request not answered by then gets 503 with Retry-After (REQUEST_DEADLINE_SECONDS).
  requestDeadlineMs?: number
  // Open event streams a person, and an IP address, may hold on this server (docs/events.md).
  streamCaps?: { perUser: number; perIp: number }
  // Push services an exposed server sends pushes to (PUSH_SERVICE_HOSTS); absent: the browsers' own
  // (server/lib/public-address.ts). `*.` matches any name below a domain.
  pushServiceHosts?: string[]
}

export interface RuntimeConfig {
  server: ServerConfig
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  seedSales: number
  // Extra connect-src origins for the CSP (API or status hosts other than this server).
  connectSrc: string[]
  buildIfStale: boolean
  // This server sends the due webhook deliveries (off when another server on the database does).
  webhookDelivery: boolean
  // The sandbox world's round (server/sandbox/world.ts); SANDBOX_WORLD=0 turns it off.
  sandboxWorld: boolean
  // How long a claim on due deliveries holds (sandbox clock) before another server may take them.
  webhookLeaseSeconds: number
  // Start-up warnings for the banner (listening beyond loopback, controls switched off).
  warnings: string[]
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`)
  }
  return value
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be 1 or 0 (got "${env[name]}")`)
}

// Comma list of origins such as https://portal.example.com; each must be a bare origin.
function origins(env: Env, name: string): string[] {
  const raw = env[name]?.trim()
  if (!raw) return []
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL
      try {
        url = new URL(value)
      } catch {
        throw new ConfigError(`${name}: "${value}" is not a URL origin`)
      }
      if (url.origin !== value.replace(/\/+$/, '') || !/^https?:$/.test(url.protocol)) {
        throw new ConfigError(`${name}: "${value}" must be an origin like https://host[:port]`)
      }
      return url.origin
    })
}

// Where links point when PUBLIC_URL is unset: the listening address (wildcards and 127.0.0.1 as localhost).
export function listeningUrl(host: string, port: number): string {
  const shown = ['0.0.0.0', '::', '127.0.0.1'].includes(host) ? 'localhost' : host
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`
}

// Comma list of host names, each optionally `*.` for every name below a domain; undefined when unset.
function hostList(env: Env, name: string): string[] | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  return raw.split(',').map((part) => {
    const host = part.trim().toLowerCase()
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) {
      throw new ConfigError(
        `${name}: "${part.trim()}" is not a host name (a leading *. is allowed)`,
      )
    }
    return host
  })
}

// Comma list of addresses or CIDR ranges, IPv4 or IPv6 (TRUSTED_PROXIES).
function cidrs(env: Env, name: string, fallback: readonly string[]): string[] {
  const raw = env[name]?.trim()
  if (!raw) return [...fallback]
  const values = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const value of values) {
    if (!parseCidr(value)) {
      throw new ConfigError(`${name}: "${value}" is not an address or CIDR range like 10.0.0.0/8`)
    }
  }
  return values
}

function secret(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  if (raw && raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters`)
  return raw || undefined
}

export function loadConfig(env: Env = process.env, argv: string[] = []): RuntimeConfig {
  const mode = env.MODE === 'test' || env.NODE_ENV === 'test' ? 'test' : 'production'
  const host = env.HOST?.trim() || '127.0.0.1'
  const sandboxToken = secret(env, 'SANDBOX_TOKEN')
  const publicUrls = origins(env, 'PUBLIC_URL')
  if (publicUrls.length > 1) throw new ConfigError('PUBLIC_URL must be one origin')
  const controlsWanted = flag(env, 'SANDBOX_CONTROLS', true)
  const trustProxy = flag(env, 'TRUST_PROXY', false)
  // Beyond loopback the controls (live reset tokens in the outbox) need a secret, or stay off.
  const exposed = !isLoopbackHost(host) || trustProxy
  // Links carry live secrets (reset, invitation): on a server others reach, their origin is never
  // guessed from the listening address or the request.
  if (exposed && publicUrls.length === 0) {
    throw new ConfigError(
      `PUBLIC_URL is required when ${trustProxy ? 'TRUST_PROXY=1' : `HOST=${host}`}: set it to the origin clients use, like https://portal.example.com`,
    )
  }
  const warnings = exposed
    ? [
        isLoopbackHost(host)
          ? 'TRUST_PROXY=1: this server is reached through a proxy, so it runs as an exposed server.'
          : `HOST=${host} listens beyond loopback: anyone on the network can reach this server.`,
        ...(controlsWanted && !sandboxToken
          ? [
              'Sandbox controls are off: set SANDBOX_TOKEN to use them on an exposed or proxied server.',
            ]
          : []),
      ]
    : []
  return {
    server: {
      mode,
      sandboxControls: controlsWanted && (!exposed || sandboxToken !== undefined),
      corsOrigins: origins(env, 'CORS_ORIGINS'),
      distDir: env.DIST_DIR?.trim() || 'dist',
      // npm start serves plain http on localhost; set COOKIE_SECURE=1 behind HTTPS.
      insecureCookies: !flag(env, 'COOKIE_SECURE', false),
      abuseLimits: {
        windowSeconds: integer(
          env,
          'RATE_LIMIT_WINDOW_SECONDS',
          DEFAULT_ABUSE_LIMITS.windowSeconds,
          1,
          86_400,
        ),
        perIp: integer(env, 'RATE_LIMIT_PER_IP', DEFAULT_ABUSE_LIMITS.perIp, 1, 1_000_000),
        perEmail: integer(env, 'RATE_LIMIT_PER_EMAIL', DEFAULT_ABUSE_LIMITS.perEmail, 1, 1_000_000),
      },
      fault: mode === 'test' ? env.SANDBOX_FAULT?.trim() || undefined : undefined,
      publicUrl: publicUrls[0],
      portalOrigins: origins(env, 'PORTAL_ORIGINS'),
      trustProxy,
      trustedProxies: cidrs(env, 'TRUSTED_PROXIES', DEFAULT_TRUSTED_PROXIES),
      exposed,
      sandboxToken,
      // On PostgreSQL the database is another machine that may stop answering mid-query; PGlite
      // lives in this process. 0 turns the deadline off.
      requestDeadlineMs:
        integer(env, 'REQUEST_DEADLINE_SECONDS', env.DATABASE_URL?.trim() ? 10 : 0, 0, 3_600) *
        1000,
      streamCaps: {
        perUser: integer(env, 'STREAMS_PER_USER', DEFAULT_STREAM_CAPS.perUser, 1, 100_000),
        perIp: integer(env, 'STREAMS_PER_IP', DEFAULT_STREAM_CAPS.perIp, 1, 100_000),
      },
      pushServiceHosts: hostList(env, 'PUSH_SERVICE_HOSTS'),
    },
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: env.DATA_DIR?.trim() || '.data/',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    seedSales: integer(env, 'SEED_SALES', 20_000, 0, 10_000_000),
    connectSrc: origins(env, 'CSP_CONNECT_SRC'),
    buildIfStale: argv.includes('--build-if-stale'),
    webhookDelivery: flag(env, 'WEBHOOK_DELIVERY', true),
    sandboxWorld: flag(env, 'SANDBOX_WORLD', true),
    // Longer than a delivery's timeout, so a claim never runs out while its send is still going.
    webhookLeaseSeconds: integer(
      env,
      'WEBHOOK_LEASE_SECONDS',
      DEFAULT_LEASE_SECONDS,
      Math.ceil(DELIVERY_TIMEOUT_MS / 1000) + 1,
      86_400,
    ),
    warnings,
  }
}
