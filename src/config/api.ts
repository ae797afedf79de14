import { API_ENVS, parseApiEnv, type ApiEnv } from '@/config/api-envs'

export { API_ENVS, parseApiEnv, type ApiEnv }

// Provider API hosts; 'local' is the same origin (the sandbox serving the portal, or the dev proxy).
export const API_HOSTS: Record<ApiEnv, string> = {
  production: 'https://api.fleetpay.example',
  staging: 'https://api.staging.fleetpay.example',
  sandbox: 'https://api.sandbox.fleetpay.example',
  dev: 'https://api.dev.fleetpay.example',
  local: '',
}

export const apiEnv: ApiEnv = parseApiEnv(import.meta.env.VITE_API_ENV)

export function apiBaseUrl(env: ApiEnv = apiEnv): string {
  return API_HOSTS[env]
}

// Hosts of the provider's customer pay pages (Scan to Pay links, docs/screens.md#scan-to-pay); 'local' is the sandbox, which
// serves the portal and its pay page on one origin (the dev server proxies /pay to it).
export const PAY_HOSTS: Record<ApiEnv, string> = {
  production: 'https://pay.fleetpay.example',
  staging: 'https://pay.staging.fleetpay.example',
  sandbox: 'https://pay.sandbox.fleetpay.example',
  dev: 'https://pay.dev.fleetpay.example',
  local: '',
}

export function payHostUrl(env: ApiEnv = apiEnv): string {
  return PAY_HOSTS[env]
}
