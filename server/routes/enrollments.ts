import { Hono } from 'hono'
import { EnrollmentPayload } from '@/api/schema/enrollments'
import type { AppEnv } from '../context'
import { listEnrollments, requestEnrollment } from '../domain/enrollments'
import { forbidden } from '../errors'
import { invalidQuery } from '../lib/list-engine'
import { requirePerspective } from '../middleware/perspective'
import { parseJsonBody } from '../middleware/validate'

const QUERY_KEYS = new Set(['submerchantId', 'acquirer'])

// Self-enrolment of the perspective account (docs/api.md#payment-links; any member may ask for set-up).
export function enrollmentRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const submerchantId = requirePerspective(c)
    const params = new URL(c.req.url).searchParams
    const problems = [...new Set(params.keys())]
      .filter((key) => !QUERY_KEYS.has(key) || params.getAll(key).length > 1 || !params.get(key))
      .map((field) => ({ field, messages: ['is not supported here'] }))
    if (problems.length > 0) throw invalidQuery(problems)
    const asked = params.get('submerchantId')
    if (asked && asked !== submerchantId) {
      throw forbidden('You can only read enrollments of the account in Token-Perspective')
    }
    const { db, clock } = c.get('deps')
    const items = await listEnrollments(
      db.db,
      { submerchantId, acquirer: params.get('acquirer') ?? undefined },
      clock.now(),
    )
    c.header('Total-Count', String(items.length))
    c.header('Total-Count-Is-Approximate', 'false')
    return c.json(items)
  })

  app.post('/', async (c) => {
    const submerchantId = requirePerspective(c)
    const payload = await parseJsonBody(c, EnrollmentPayload)
    if (payload.submerchantId !== submerchantId) {
      throw forbidden('You can only enrol the account in Token-Perspective')
    }
    const { db, clock } = c.get('deps')
    return c.json(await requestEnrollment(db.db, payload, clock.now()), 201)
  })

  return app
}
