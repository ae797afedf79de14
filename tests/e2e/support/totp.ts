import { TOTP } from 'otpauth'

const PERIOD_SECONDS = 30
const PERIOD_MS = PERIOD_SECONDS * 1000

// RFC 6238 code for a base32 secret, as an authenticator app would show it.
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: PERIOD_SECONDS, algorithm: 'SHA1' }).generate({
    timestamp: at,
  })
}

const realStep = () => Math.floor(Date.now() / PERIOD_MS)

/**
 * An authenticator app on a phone: codes of real time, which the sandbox checks them against
 * whatever its own clock says (docs/auth.md#passwords-and-mfa). A code works once (the server
 * takes only a step newer than the last it accepted), so each code() is for a step after the
 * previous one. The server also takes the next step (its drift window); only when that is spent
 * too does code() wait for real time to reach the step it needs, as a person would.
 */
export class PhoneAuthenticator {
  private lastStep = Number.NEGATIVE_INFINITY

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    const step = Math.max(this.lastStep + 1, realStep())
    while (step > realStep() + 1) {
      const untilNextStep = PERIOD_MS - (Date.now() % PERIOD_MS)
      await new Promise((resolve) => setTimeout(resolve, untilNextStep))
    }
    this.lastStep = step
    return totpCode(this.secret, step * PERIOD_MS)
  }
}
