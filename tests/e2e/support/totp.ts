import { TOTP } from 'otpauth'

const PERIOD_SECONDS = 30

// RFC 6238 code for a base32 secret, as an authenticator app would show it.
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: PERIOD_SECONDS, algorithm: 'SHA1' }).generate({
    timestamp: at,
  })
}

// Milliseconds until the next 30 s step, when a new code appears.
export function msUntilNextStep(now: number = Date.now()): number {
  return PERIOD_SECONDS * 1000 - (now % (PERIOD_SECONDS * 1000))
}
