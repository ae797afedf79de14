import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { apiKeys } from '../db/schema/core'
import { sha256 } from './random'

export interface ApiKeyInfo {
  id: string
  submerchantId: string
  permissions: string[]
  createdBy: string
}

// An enabled API key for the bearer token, or null; records when it was last seen.
export async function resolveApiKey(db: Db, token: string, now: Date): Promise<ApiKeyInfo | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      submerchantId: apiKeys.submerchantId,
      permissions: apiKeys.permissions,
      createdBy: apiKeys.createdBy,
      isEnabled: apiKeys.isEnabled,
    })
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, sha256(token)))
  if (!row || !row.isEnabled) return null
  await db.update(apiKeys).set({ lastSeenAt: now }).where(eq(apiKeys.id, row.id))
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    permissions: row.permissions,
    createdBy: row.createdBy,
  }
}
