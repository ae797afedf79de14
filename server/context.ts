import type { Clock } from './clock'
import type { Database } from './db/client'
import type { ServerConfig } from './config'
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
