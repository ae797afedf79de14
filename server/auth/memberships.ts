import { and, eq } from 'drizzle-orm'
import type { Membership } from '../context'
import type { Db } from '../db/client'
import { submerchantUsers } from '../db/schema/core'

export async function findMembership(
  db: Db,
  userId: string,
  submerchantId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      id: submerchantUsers.id,
      submerchantId: submerchantUsers.submerchantId,
      role: submerchantUsers.submerchantRole,
    })
    .from(submerchantUsers)
    .where(
      and(eq(submerchantUsers.userId, userId), eq(submerchantUsers.submerchantId, submerchantId)),
    )
  return row ?? null
}
