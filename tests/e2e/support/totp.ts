import type { APIRequestContext } from '@playwright/test'
import { TOTP } from 'otpauth'
import { advanceSandboxClock } from './sandbox'

const PERIOD_SECONDS = 30

// RFC 6238 code for a base32 secret, as an authenticator app would show it.
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: PERIOD_SECONDS, algorithm: 'SHA1' }).generate({
    timestamp: at,
  })
}

async function sandboxStep(request: APIRequestContext): Promise<number> {
  const res = await request.get('/sandbox/clock', { headers: { accept: 'application/json' } })
  if (!res.ok()) throw new Error(`GET /sandbox/clock: ${res.status()} ${await res.text()}`)
  const { now } = (await res.json()) as { now: string }
  return Math.floor(new Date(now).getTime() / 1000 / PERIOD_SECONDS)
}

/**
 * An authenticator app on the sandbox's clock. A code works once (the server takes only a step
 * newer than the last it accepted), so each code() is for a step after the previous one. The
 * server also takes the next step (its drift window); only when that is spent too does the sandbox
 * clock move on by one step, instead of the test waiting 30 s for real.
 */
export class SandboxAuthenticator {
  private lastStep = Number.NEGATIVE_INFINITY

  constructor(
    private readonly request: APIRequestContext,
    readonly secret: string,
  ) {}

  async code(): Promise<string> {
    let current = await sandboxStep(this.request)
    const step = Math.max(this.lastStep + 1, current)
    if (step > current + 1) {
      await advanceSandboxClock(this.request, (step - current - 1) * PERIOD_SECONDS)
      current = await sandboxStep(this.request)
    }
    this.lastStep = Math.max(step, current)
    return totpCode(this.secret, this.lastStep * PERIOD_SECONDS * 1000)
  }
}
