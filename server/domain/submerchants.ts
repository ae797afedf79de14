import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { Submerchant, SubmerchantUser } from '@/api/schema/submerchants'
import { findMembership } from '../auth/memberships'
import type { AuthContext } from '../context'
import type { Db } from '../db/client'
import { planAttachments, plans, submerchants, submerchantUsers } from '../db/schema/core'
import { notFound } from '../errors'
import { stringFilter, type ListResource } from '../lib/list-engine'

// The Submerchant's columns (docs/entities.md#people-and-accounts); the audit timestamps stay internal.
const { createdAt: _created, updatedAt: _updated, ...columns } = getTableColumns(submerchants)
type SubmerchantRow = Omit<typeof submerchants.$inferSelect, 'createdAt' | 'updatedAt'>

export function serializeSubmerchant(row: SubmerchantRow): Submerchant {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legalName,
    operatorId: row.operatorId,
    paymentFacilitatorId: row.paymentFacilitatorId,
    finaroId: row.finaroId,
  }
}

// GET /v1/submerchants: the caller's accounts (scope from visibleSubmerchants).
export const submerchantList: ListResource<SubmerchantRow> = {
  table: submerchants,
  columns,
  serialize: serializeSubmerchant,
  filters: {
    id: stringFilter(submerchants.id),
    name: stringFilter(submerchants.name),
    operatorId: stringFilter(submerchants.operatorId),
    paymentFacilitatorId: stringFilter(submerchants.paymentFacilitatorId),
  },
  sortable: { name: submerchants.name, legalName: submerchants.legalName, id: submerchants.id },
  defaultSort: 'name',
  tieBreaker: submerchants.id,
  q: [submerchants.name, submerchants.legalName],
}

// The accounts a caller may see: an API key its own, a user the accounts they belong to.
export function visibleSubmerchants(db: Db, auth: AuthContext): SQL {
  if (auth.via === 'api_key') return eq(submerchants.id, auth.submerchantId ?? '')
  return inArray(
    submerchants.id,
    db
      .select({ id: submerchantUsers.submerchantId })
      .from(submerchantUsers)
      .where(eq(submerchantUsers.userId, auth.userId)),
  )
}

// A caller who is not a member gets the same 404 as for a missing account (no existence leak).
async function requireMember(db: Db, userId: string, submerchantId: string) {
  const membership = await findMembership(db, userId, submerchantId)
  if (!membership) throw notFound('Submerchant not found')
  return membership
}

// The caller's membership of an account it may act on, else 404: a person's own accounts; an API
// key only its own account (its creator's membership there gives the role).
export async function requireCallerMember(db: Db, auth: AuthContext, submerchantId: string) {
  if (auth.via === 'api_key' && auth.submerchantId !== submerchantId) {
    throw notFound('Submerchant not found')
  }
  return requireMember(db, auth.userId, submerchantId)
}

// One account the caller may see (visibleSubmerchants), else 404; with its plan when asked.
export async function findVisibleSubmerchant(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: { expandPlan: boolean },
): Promise<Submerchant> {
  await requireCallerMember(db, auth, id)
  const [row] = await db.select(columns).from(submerchants).where(eq(submerchants.id, id))
  if (!row) throw notFound('Submerchant not found')
  const body = serializeSubmerchant(row)
  if (opts.expandPlan) body.planAttachment = await planAttachmentFor(db, id)
  return body
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

const membershipColumns = {
  id: submerchantUsers.id,
  userId: submerchantUsers.userId,
  submerchantId: submerchantUsers.submerchantId,
  submerchantRole: submerchantUsers.submerchantRole,
}

// Submerchant user (docs/entities.md#people-and-accounts): one person's role in one account.
export function serializeMembership(row: SubmerchantUser): SubmerchantUser {
  return {
    id: row.id,
    userId: row.userId,
    submerchantId: row.submerchantId,
    submerchantRole: row.submerchantRole,
  }
}

// A member of an account the caller belongs to (else 404, as for a missing account or user).
export async function findAccountMember(
  db: Db,
  auth: AuthContext,
  submerchantId: string,
  userId: string,
): Promise<SubmerchantUser> {
  await requireCallerMember(db, auth, submerchantId)
  const [row] = await db
    .select(membershipColumns)
    .from(submerchantUsers)
    .where(
      and(eq(submerchantUsers.submerchantId, submerchantId), eq(submerchantUsers.userId, userId)),
    )
  if (!row) throw notFound('Submerchant user not found')
  return serializeMembership(row)
}
