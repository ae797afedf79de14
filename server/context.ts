import type { Clock } from './clock'
import type { Database } from './db/client'
import type { ServerConfig } from './config'
import type { InlineSources } from './inline-sources'
import type { HostResolver } from './lib/public-address'

export type Role = 'owner' | 'manager' | 'viewer'

// A person's membership of one account (server/auth/memberships.ts reads it).
export interface Membership {
  id: string
  submerchantId: string
  role: Role
}

// The header that names the account a call acts for (docs/api.md).
export const PERSPECTIVE_HEADER = 'Token-Perspective'

// Who is calling, set by the auth middleware; null on public routes.
export interface AuthContext {
  userId: string
  // The submerchant named by the Token-Perspective header (or the API key's submerchant).
  submerchantId: string | null
  role: Role | null
  via: 'session' | 'api_key'
  apiKeyId?: string
  // An API key's permissions (docs/entities.md#api-key-permissions); absent for a session.
  apiKeyPermissions?: readonly string[]
  // A session's membership of the account it asked for, read with its access token (the
  // perspective middleware's check then needs no query of its own).
  membership?: { submerchantId: string; membership: Membership | null }
}

// The process's own state that requests may read: set while it shuts down (server/main.ts).
export interface Lifecycle {
  draining: boolean
}

export interface Deps {
  db: Database
  clock: Clock
  config: ServerConfig
  // Absent in tests and benches that build the app without a process around it.
  lifecycle?: Lifecycle
  // How outbound requests resolve host names (server/lib/public-address.ts); absent: the system's.
  // Tests inject one, so no test asks real DNS or reaches a non-loopback address.
  resolveHost?: HostResolver
}

export type AppEnv = {
  Variables: {
    deps: Deps
    requestId: string
    auth: AuthContext | null
    // CSP sources for the served HTML page's inline styles and scripts (server/inline-sources.ts).
    inlineSources: InlineSources | undefined
    // Fields of this JSON answer shown once and never kept at rest (an API key's token): the
    // idempotency record stores the answer without them (server/middleware/idempotency.ts).
    shownOnce: readonly string[] | undefined
  }
}
