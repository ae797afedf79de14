export const API_ENVS = ['production', 'staging', 'sandbox', 'dev', 'local'] as const
export type ApiEnv = (typeof API_ENVS)[number]

// Provider API hosts; 'local' is the same origin (the sandbox serving the portal, or the dev proxy).
export const API_HOSTS: Record<ApiEnv, string> = {
  production: 'https://api.fleetpay.example',
  staging: 'https://api.staging.fleetpay.example',
  sandbox: 'https://api.sandbox.fleetpay.example',
  dev: 'https://api.dev.fleetpay.example',
  local: '',
}

export function parseApiEnv(value: unknown): ApiEnv {
  return API_ENVS.find((env) => env === value) ?? 'local'
}

export const apiEnv: ApiEnv = parseApiEnv(import.meta.env.VITE_API_ENV)

export function apiBaseUrl(env: ApiEnv = apiEnv): string {
  return API_HOSTS[env]
}
