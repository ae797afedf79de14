import type { ApiError } from '@/api/errors'

// Forced logout (docs/states.md#forced-logout): these answers of the tokens call mean the session is over.
export const FORCED_LOGOUT_MESSAGES = [
  'Token expired',
  'Device identifier required',
  'Invalid device',
  'Refresh token missing',
] as const

export function endsSessionOnRefresh(error: ApiError): boolean {
  return (
    (error.status === 400 || error.status === 401) &&
    (FORCED_LOGOUT_MESSAGES as readonly string[]).includes(error.message)
  )
}

// Forced logout (docs/states.md#forced-logout): a request still refused as invalid_token after refreshing.
export function endsSessionOnRequest(error: ApiError): boolean {
  return error.status === 401 && error.code === 'invalid_token'
}
