import { randomBytes } from 'node:crypto'
import { and, eq, getTableColumns } from 'drizzle-orm'
import { API_KEY_PERMISSIONS, type ApiKey, type ApiKeyCreatePayload } from '@/api/schema/developer'
import type { Db } from '../db/client'
import { apiKeys } from '../db/schema/core'
import { badRequest, notFound } from '../errors'
import { newId, sha256 } from '../auth/random'
import type { AccountListResource } from '../lib/account-scope'
import { boolFilter, stringFilter } from '../lib/list-engine'

type ApiKeyRow = typeof apiKeys.$inferSelect
const { tokenHash: _secret, createdBy: _internal, ...apiKeyColumns } = getTableColumns(apiKeys)
type ApiKeyListRow = Omit<ApiKeyRow, 'tokenHash' | 'createdBy'>

export const API_KEY_ERRORS = {
  notFound: 'API key not found',
  noPermission: 'Select at least one permission',
} as const

// The API key (docs/entities.md#developer-tools) for display: never the token (only its hash is stored) and never the hash.
export function serializeApiKey(row: ApiKeyListRow): ApiKey {
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

// GET /v1/api-keys: the perspective account's keys, newest first.
export const apiKeysList: AccountListResource<ApiKeyListRow> = {
  table: apiKeys,
  account: apiKeys.submerchantId,
  noun: 'API keys',
  columns: apiKeyColumns,
  serialize: serializeApiKey,
  filters: {
    submerchantId: stringFilter(apiKeys.submerchantId),
    id: stringFilter(apiKeys.id),
    identifier: stringFilter(apiKeys.identifier),
    isEnabled: boolFilter(apiKeys.isEnabled),
  },
  sortable: { createdAt: apiKeys.createdAt, name: apiKeys.name, id: apiKeys.id },
  defaultSort: '-createdAt',
  tieBreaker: apiKeys.id,
}

// A key of the account; another account's key is the same 404 as a missing one.
export async function findOwnApiKey(db: Db, id: string, submerchantId: string): Promise<ApiKey> {
  const [row] = await db
    .select(apiKeyColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.submerchantId, submerchantId)))
  if (!row) throw notFound(API_KEY_ERRORS.notFound)
  return serializeApiKey(row)
}

/**
 * A new key: the token `sk_sandbox_{identifier hex}_{secret}` is returned once and only its
 * SHA-256 is kept; the identifier `pk_{hex}` is the public part the portal shows, and the token
 * starts with the same hex so a leaked token can be recognised in the list.
 */
export async function createApiKey(
  db: Db,
  payload: ApiKeyCreatePayload,
  scope: { createdBy: string; now: Date },
): Promise<ApiKey> {
  const permissions = API_KEY_PERMISSIONS.filter((p) => payload.permissions.includes(p))
  if (permissions.length === 0) {
    throw badRequest(API_KEY_ERRORS.noPermission, [
      { field: 'permissions', messages: [API_KEY_ERRORS.noPermission] },
    ])
  }
  const publicHex = randomBytes(8).toString('hex')
  const token = `sk_sandbox_${publicHex}_${randomBytes(24).toString('hex')}`
  const name = payload.name?.trim() || null
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId('api'),
      submerchantId: payload.submerchantId,
      name,
      identifier: `pk_${publicHex}`,
      tokenHash: sha256(token),
      isEnabled: true,
      permissions,
      createdAt: scope.now,
      createdBy: scope.createdBy,
    })
    .returning()
  return { ...serializeApiKey(row!), token }
}

export async function setApiKeyEnabled(
  db: Db,
  id: string,
  submerchantId: string,
  isEnabled: boolean,
): Promise<ApiKey> {
  const [row] = await db
    .update(apiKeys)
    .set({ isEnabled })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.submerchantId, submerchantId)))
    .returning()
  if (!row) throw notFound(API_KEY_ERRORS.notFound)
  return serializeApiKey(row)
}
