import { and, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Submerchant, SubmerchantUser } from '@/api/schema/submerchants'
import { findMembership } from '../auth/memberships'
import type { AppEnv, AuthContext } from '../context'
import type { Db } from '../db/client'
import { planAttachments, plans, submerchants, submerchantUsers } from '../db/schema/core'
import { notFound } from '../errors'
import { invalidQuery, runList, type ListResource } from '../lib/list-engine'
import { requireAuth } from '../middleware/auth'

const columns = {
  id: submerchants.id,
  name: submerchants.name,
  legalName: submerchants.legalName,
  operatorId: submerchants.operatorId,
  paymentFacilitatorId: submerchants.paymentFacilitatorId,
  finaroId: submerchants.finaroId,
}

type SubmerchantRow = {
  id: string
  name: string
  legalName: string
  operatorId: string
  paymentFacilitatorId: string
  finaroId: string | null
}

function serializeSubmerchant(row: SubmerchantRow): Submerchant {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legalName,
    operatorId: row.operatorId,
    paymentFacilitatorId: row.paymentFacilitatorId,
    finaroId: row.finaroId,
  }
}

const submerchantList: ListResource<SubmerchantRow> = {
  table: submerchants,
  columns,
  serialize: serializeSubmerchant,
  fields: Object.keys(columns),
  filters: {
    id: { column: submerchants.id, type: 'string' },
    name: { column: submerchants.name, type: 'string' },
    operatorId: { column: submerchants.operatorId, type: 'string' },
    paymentFacilitatorId: { column: submerchants.paymentFacilitatorId, type: 'string' },
  },
  sortable: { name: submerchants.name, legalName: submerchants.legalName, id: submerchants.id },
  defaultSort: 'name',
  tieBreaker: submerchants.id,
  q: [submerchants.name, submerchants.legalName],
}

async function planAttachmentFor(db: Db, submerchantId: string) {
  const [row] = await db
    .select({
      planId: plans.id,
      planName: plans.name,
      schedule: plans.payoutScheduleNaturalLanguage,
      minBalance: plans.payoutMinBalance,
      currency: plans.currency,
    })
    .from(planAttachments)
    .innerJoin(plans, eq(plans.id, planAttachments.planId))
    .where(eq(planAttachments.submerchantId, submerchantId))
  if (!row) return null
  return {
    plan: { id: row.planId, name: row.planName },
    payoutAgreement: {
      scheduleNaturalLanguage: row.schedule,
      minBalance: row.minBalance,
      currency: row.currency,
    },
  }
}

// Only `expand=planAttachment` is understood on the detail; anything else is a clear 400.
function parseDetailQuery(params: URLSearchParams): { expandPlan: boolean } {
  let expandPlan = false
  for (const [key, value] of params) {
    if (key !== 'expand') {
      throw invalidQuery([{ field: key, messages: ['is not a known query parameter'] }])
    }
    const parts = value.split(',').map((part) => part.trim())
    if (parts.some((part) => part !== 'planAttachment')) {
      throw invalidQuery([{ field: 'expand', messages: ['must be planAttachment'] }])
    }
    expandPlan = true
  }
  return { expandPlan }
}

function serializeMembership(row: {
  id: string
  userId: string
  submerchantId: string
  submerchantRole: SubmerchantUser['submerchantRole']
}): SubmerchantUser {
  return {
    id: row.id,
    userId: row.userId,
    submerchantId: row.submerchantId,
    submerchantRole: row.submerchantRole,
  }
}

// A caller who is not a member gets the same 404 as for a missing account (no existence leak).
async function requireMember(db: Db, userId: string, submerchantId: string) {
  const membership = await findMembership(db, userId, submerchantId)
  if (!membership) throw notFound('Submerchant not found')
  return membership
}

// What the caller may see: an API key its own submerchant, a user the accounts they belong to.
async function requireVisible(db: Db, auth: AuthContext, submerchantId: string): Promise<void> {
  if (auth.via === 'api_key') {
    if (auth.submerchantId !== submerchantId) throw notFound('Submerchant not found')
    return
  }
  await requireMember(db, auth.userId, submerchantId)
}

export function submerchantRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const auth = requireAuth(c)
    const db = c.get('deps').db.db
    const scope =
      auth.via === 'api_key'
        ? eq(submerchants.id, auth.submerchantId ?? '')
        : inArray(
            submerchants.id,
            db
              .select({ id: submerchantUsers.submerchantId })
              .from(submerchantUsers)
              .where(eq(submerchantUsers.userId, auth.userId)),
          )
    return runList(c, db, submerchantList, scope)
  })

  app.get('/:id', async (c) => {
    const auth = requireAuth(c)
    const db = c.get('deps').db.db
    const { expandPlan } = parseDetailQuery(new URL(c.req.url).searchParams)
    const id = c.req.param('id')
    await requireVisible(db, auth, id)
    const [row] = await db.select(columns).from(submerchants).where(eq(submerchants.id, id))
    if (!row) throw notFound('Submerchant not found')
    const body: Submerchant = serializeSubmerchant(row)
    if (expandPlan) body.planAttachment = await planAttachmentFor(db, id)
    return c.json(body)
  })

  app.get('/:id/users/current', async (c) => {
    const auth = requireAuth(c)
    const db = c.get('deps').db.db
    const membership = await requireMember(db, auth.userId, c.req.param('id'))
    return c.json(
      serializeMembership({
        id: membership.id,
        userId: auth.userId,
        submerchantId: membership.submerchantId,
        submerchantRole: membership.role,
      }),
    )
  })

  app.get('/:id/users/:userId', async (c) => {
    const auth = requireAuth(c)
    const db = c.get('deps').db.db
    const submerchantId = c.req.param('id')
    await requireMember(db, auth.userId, submerchantId)
    const [row] = await db
      .select({
        id: submerchantUsers.id,
        userId: submerchantUsers.userId,
        submerchantId: submerchantUsers.submerchantId,
        submerchantRole: submerchantUsers.submerchantRole,
      })
      .from(submerchantUsers)
      .where(
        and(
          eq(submerchantUsers.submerchantId, submerchantId),
          eq(submerchantUsers.userId, c.req.param('userId')),
        ),
      )
    if (!row) throw notFound('Submerchant user not found')
    return c.json(serializeMembership(row))
  })

  return app
}
