import { Secret, TOTP } from 'otpauth'

// RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 s steps.
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
// One step either side absorbs clock drift between phone and server.
export const TOTP_WINDOW = 1

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpFor(secret: string, label = 'account', issuer = 'FleetPay'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

// The step the code belongs to, or null when it matches none within the drift window.
export function matchTotpStep(secret: string, token: string, now: Date): number | null {
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpFor(secret).validate({
    token,
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  })
  return delta === null ? null : totpStep(now) + delta
}

export function totpCodeAt(secret: string, at: Date): string {
  return totpFor(secret).generate({ timestamp: at.getTime() })
}
