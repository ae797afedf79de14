import type { ApiKey } from '@/api/schema/developer'
import type { Db } from '../db/client'
import { apiKeys } from '../db/schema/core'
import { notFound } from '../errors'
import { findInAccount } from '../lib/account-scope'

type ApiKeyRow = typeof apiKeys.$inferSelect

// The §3 API key for display: never the token (only its hash is stored) and never the hash.
export function serializeApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    submerchantId: row.submerchantId,
    name: row.name,
    identifier: row.identifier,
    isEnabled: row.isEnabled,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
  }
}

// A key of the account; another account's key is the same 404 as a missing one.
export async function findOwnApiKey(db: Db, id: string, submerchantId: string): Promise<ApiKey> {
  const row = await findInAccount(db, apiKeys, id, submerchantId)
  if (!row) throw notFound('API key not found')
  return serializeApiKey(row)
}
