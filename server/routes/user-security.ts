import { Hono, type Context } from 'hono'
import {
  MfaConfirmationPayload,
  MfaDisablePayload,
  MfaEnrollmentPayload,
  UpdatePasswordPayload,
} from '@/api/schema/users'
import type { AppEnv } from '../context'
import {
  changePassword,
  confirmMfaEnrollment,
  disableMfaWithCode,
  invalidCode,
  startMfaEnrollment,
} from '../domain/account-security'
import type { ActivityAction } from '@/api/schema/team'
import { serializeUser, type UserRow } from '../domain/users'
import { activityRecorder } from '../lib/activity'
import { HttpError } from '../errors'
import { callerDeviceId, requireSelf } from '../middleware/auth'
import { parseJsonBody } from '../middleware/validate'

// A code failing the shape rules answers with their message (docs/validation.md#mfa-codes), not the generic 'Invalid request'.
async function withCodeMessage<T>(codeField: string, parse: () => Promise<T>): Promise<T> {
  try {
    return await parse()
  } catch (error) {
    const errors = error instanceof HttpError ? error.errors : undefined
    if (errors?.some((e) => e.field === codeField || e.field.startsWith(`${codeField}.`))) {
      throw invalidCode(errors)
    }
    throw error
  }
}

// A person's own security change: one activity row in each of their accounts (docs/entities.md#team-and-activity).
function ownChange(c: Context<AppEnv>, action: ActivityAction, user: UserRow, mfa?: boolean) {
  return activityRecorder(
    c,
    {
      action,
      object: { type: 'user', id: user.id, label: user.displayName },
      changes: mfa === undefined ? [] : [{ field: 'mfaEnabled', before: !mfa, after: mfa }],
    },
    { accountsOfUser: user.id },
  )
}

// The signed-in person's password and MFA (rules in domain/account-security.ts).
export function userSecurityRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // PUT /v1/users/{id}/password: current password, the new-password rules (docs/validation.md#new-password, docs/errors.md#password), code when MFA is on.
  app.put('/:id/password', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await parseJsonBody(c, UpdatePasswordPayload)
    const { db, clock } = c.get('deps')
    // The calling device keeps its tokens; every other device is signed out.
    const keepDeviceId = await callerDeviceId(c)
    const record = ownChange(c, 'user.password_changed', user)
    const updated = await changePassword(db.db, user, input, {
      now: clock.now(),
      wallNow: clock.wallNow(),
      keepDeviceId,
      record,
    })
    return c.json(serializeUser(updated))
  })

  // PUT /v1/users/{id}/mfa-enrollment {type: 'totp'}: a new secret awaiting its first code.
  app.put('/:id/mfa-enrollment', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    await parseJsonBody(c, MfaEnrollmentPayload)
    const { db, clock } = c.get('deps')
    return c.json(await startMfaEnrollment(db.db, user, clock.now()))
  })

  // PUT /v1/users/{id}/mfa-enrollment/confirmation {type, token}: the first code turns MFA on.
  app.put('/:id/mfa-enrollment/confirmation', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await withCodeMessage('token', () => parseJsonBody(c, MfaConfirmationPayload))
    const { db, clock } = c.get('deps')
    const record = ownChange(c, 'user.mfa_enrolled', user, true)
    return c.json(
      serializeUser(
        await confirmMfaEnrollment(db.db, user, input.token, clock.now(), clock.wallNow(), record),
      ),
    )
  })

  // DELETE /v1/users/{id}/mfa-enrollment {mfaToken}: a 6-digit code or the recovery code.
  app.delete('/:id/mfa-enrollment', async (c) => {
    const user = await requireSelf(c, c.req.param('id'))
    const input = await withCodeMessage('mfaToken', () => parseJsonBody(c, MfaDisablePayload))
    const { db, clock } = c.get('deps')
    const record = ownChange(c, 'user.mfa_disabled', user, false)
    return c.json(
      serializeUser(
        await disableMfaWithCode(db.db, user, input.mfaToken, clock.now(), clock.wallNow(), record),
      ),
    )
  })

  return app
}
