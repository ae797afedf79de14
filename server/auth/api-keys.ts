import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiKeys, submerchantUsers } from '../db/schema/core'
import { sha256 } from './random'

export interface ApiKeyInfo {
  id: string
  submerchantId: string
  permissions: string[]
  createdBy: string
}

// lastSeenAt is written at most once a minute per key, so a busy key does not write on every call.
export const LAST_SEEN_RESOLUTION_MS = 60_000

// The API key of a bearer token, null for none; 'disabled' for a disabled one, 'orphaned' for one
// whose creator is no longer a member of its account (a key never outlives the person's access).
// Records its use.
export async function resolveApiKey(
  db: Db,
  token: string,
  now: Date,
): Promise<ApiKeyInfo | 'disabled' | 'orphaned' | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      submerchantId: apiKeys.submerchantId,
      permissions: apiKeys.permissions,
      createdBy: apiKeys.createdBy,
      isEnabled: apiKeys.isEnabled,
      creatorMembership: submerchantUsers.id,
    })
    .from(apiKeys)
    .leftJoin(
      submerchantUsers,
      and(
        eq(submerchantUsers.userId, apiKeys.createdBy),
        eq(submerchantUsers.submerchantId, apiKeys.submerchantId),
      ),
    )
    .where(eq(apiKeys.tokenHash, sha256(token)))
  if (!row) return null
  if (!row.isEnabled) return 'disabled'
  if (row.creatorMembership === null) return 'orphaned'
  await db
    .update(apiKeys)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastSeenAt),
          lt(apiKeys.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS)),
        ),
      ),
    )
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    permissions: row.permissions,
    createdBy: row.createdBy,
  }
}
