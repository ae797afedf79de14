import type { Clock } from './clock'
import type { Database } from './db/client'
import type { AbuseLimits } from './middleware/abuse-limits'
import type { InlineSources } from './inline-sources'

export type Role = 'owner' | 'manager' | 'viewer'

// Who is calling, set by the auth middleware; null on public routes.
export interface AuthContext {
  userId: string
  // The submerchant named by the Token-Perspective header (or the API key's submerchant).
  submerchantId: string | null
  role: Role | null
  via: 'session' | 'api_key'
  apiKeyId?: string
}

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
  // Origin of absolute links (PUBLIC_URL); main.ts defaults it to the listening address.
  publicUrl?: string
  // X-Forwarded-Host/-Proto count only behind a proxy that sets them (TRUST_PROXY=1).
  trustProxy?: boolean
  // When set, the /sandbox controls need Authorization: Bearer <SANDBOX_TOKEN>.
  sandboxToken?: string
}

export interface Deps {
  db: Database
  clock: Clock
  config: ServerConfig
}

export type AppEnv = {
  Variables: {
    deps: Deps
    requestId: string
    auth: AuthContext | null
    // CSP sources for the served HTML page's inline styles and scripts (server/inline-sources.ts).
    inlineSources: InlineSources | undefined
  }
}
