/// <reference types="vite/client" />

interface ImportMetaEnv {
  // production | staging | sandbox | dev | local (default: local, the same origin).
  readonly VITE_API_ENV?: string
  // Error reporting is off unless a DSN is set.
  readonly VITE_SENTRY_DSN?: string
  readonly VITE_SENTRY_TUNNEL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
