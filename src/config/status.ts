import { apiBaseUrl, apiEnv, type ApiEnv } from '@/config/api'

// Statuspage JSON (polled every 5 minutes, docs/api.md). The sandbox API serves the same shape itself.
const STATUS_PAGE_JSON = 'https://status.fleetpay.example/api/v2/status.json'
const SANDBOX_STATUS_PATH = '/sandbox/status/api/v2/status.json'

export function statusJsonUrl(env: ApiEnv = apiEnv): string {
  return env === 'local' || env === 'sandbox'
    ? `${apiBaseUrl(env)}${SANDBOX_STATUS_PATH}`
    : STATUS_PAGE_JSON
}
