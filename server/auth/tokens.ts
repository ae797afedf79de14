import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { accessTokens, devices, refreshTokens } from '../db/schema/auth'
import { submerchantUsers } from '../db/schema/core'
import type { Db } from '../db/client'
import type { Membership } from '../context'
import { newId, randomToken, sha256 } from './random'

export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
// A spent refresh token still works this long, for tabs that raced the rotation.
export const REFRESH_REUSE_GRACE_MS = 10 * 1000

export interface IssuedToken {
  token: string
  expiresAt: Date
}

export interface IssuedSession {
  refresh: IssuedToken
  access: IssuedToken
}

export type RefreshFailure = 'token_expired' | 'invalid_device'

export type RefreshResult =
  | { ok: true; userId: string; deviceId: string; session: IssuedSession }
  | { ok: false; reason: RefreshFailure }

const later = (now: Date, ms: number) => new Date(now.getTime() + ms)

async function deviceFor(db: Db, userId: string, deviceIdentifier: string, now: Date) {
  const [device] = await db
    .insert(devices)
    .values({ id: newId('dev'), userId, deviceIdentifier, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [devices.userId, devices.deviceIdentifier],
      set: { lastSeenAt: now },
    })
    .returning({ id: devices.id })
  if (!device) throw new Error('device upsert returned no row')
  return device.id
}

async function insertRefreshToken(
  db: Db,
  userId: string,
  deviceId: string,
  now: Date,
  expiresAt: Date,
): Promise<IssuedToken> {
  const token = randomToken()
  await db.insert(refreshTokens).values({
    id: newId('rt'),
    tokenHash: sha256(token),
    userId,
    deviceId,
    createdAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

export async function issueAccessToken(
  db: Db,
  opts: { userId: string; deviceId: string; submerchantId: string | null; now: Date },
): Promise<IssuedToken> {
  const token = randomToken()
  const expiresAt = later(opts.now, ACCESS_TOKEN_TTL_MS)
  await db.insert(accessTokens).values({
    id: newId('at'),
    tokenHash: sha256(token),
    userId: opts.userId,
    deviceId: opts.deviceId,
    submerchantId: opts.submerchantId,
    createdAt: opts.now,
    expiresAt,
  })
  return { token, expiresAt }
}

// Password grant: a new refresh chain for the device plus an access token with no attachment.
export async function startSession(
  db: Db,
  opts: { userId: string; deviceIdentifier: string; now: Date },
): Promise<IssuedSession> {
  const deviceId = await deviceFor(db, opts.userId, opts.deviceIdentifier, opts.now)
  const refresh = await insertRefreshToken(
    db,
    opts.userId,
    deviceId,
    opts.now,
    later(opts.now, REFRESH_TOKEN_TTL_MS),
  )
  const access = await issueAccessToken(db, {
    userId: opts.userId,
    deviceId,
    submerchantId: null,
    now: opts.now,
  })
  return { refresh, access }
}

// Revokes every refresh and access token of one device (refresh-token reuse detected).
export async function revokeDevice(db: Db, deviceId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.deviceId, deviceId), isNull(refreshTokens.revokedAt)))
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.deviceId, deviceId), isNull(accessTokens.revokedAt)))
}

// Signs the user out everywhere, or everywhere but one device (a password change keeps the caller's).
export async function revokeAllForUser(
  db: Db,
  userId: string,
  now: Date,
  opts: { exceptDeviceId?: string | null } = {},
): Promise<void> {
  const keep = opts.exceptDeviceId
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.deviceId, keep) : undefined,
      ),
    )
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keep ? ne(accessTokens.deviceId, keep) : undefined,
      ),
    )
}

// The device an access token was issued to (any state), or null for an unknown token.
export async function deviceOfAccessToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ deviceId: accessTokens.deviceId })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(token)))
  return row?.deviceId ?? null
}

export async function findRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      deviceId: refreshTokens.deviceId,
      deviceIdentifier: devices.deviceIdentifier,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(devices, eq(devices.id, refreshTokens.deviceId))
    .where(eq(refreshTokens.tokenHash, sha256(token)))
  return row ?? null
}

/**
 * Refresh grant: checks the presented refresh token against the device, rotates it (the new one
 * keeps the chain's expiry) and issues an access token carrying the attachment.
 */
export async function rotateRefreshToken(
  db: Db,
  opts: {
    refreshToken: string
    deviceIdentifier: string
    submerchantId: string | null
    now: Date
    // Checked once the token is known to be good, before it is spent.
    authorise?: (userId: string) => Promise<void>
  },
): Promise<RefreshResult> {
  const { now } = opts
  const row = await findRefreshToken(db, opts.refreshToken)
  if (!row || row.revokedAt || row.expiresAt <= now) return { ok: false, reason: 'token_expired' }
  if (row.deviceIdentifier !== opts.deviceIdentifier) return { ok: false, reason: 'invalid_device' }
  // Before the claim, so a refused attachment does not spend the caller's refresh token.
  await opts.authorise?.(row.userId)

  let usedAt = row.usedAt
  if (!usedAt) {
    // Claim the token atomically; a concurrent rotation loses the claim and falls into the grace check.
    const claimed = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id })
    if (claimed.length === 0) {
      const [current] = await db
        .select({ usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, row.id))
      usedAt = current?.usedAt ?? now
    }
  }
  if (usedAt && now.getTime() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
    await revokeDevice(db, row.deviceId, now)
    return { ok: false, reason: 'token_expired' }
  }

  await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, row.deviceId))
  const refresh = await insertRefreshToken(db, row.userId, row.deviceId, now, row.expiresAt)
  const access = await issueAccessToken(db, {
    userId: row.userId,
    deviceId: row.deviceId,
    submerchantId: opts.submerchantId,
    now,
  })
  return { ok: true, userId: row.userId, deviceId: row.deviceId, session: { refresh, access } }
}

export interface AccessTokenInfo {
  userId: string
  submerchantId: string | null
  // The person's membership of the account asked for (`perspective`, else the token's attachment),
  // read in the same query: null when they are not a member; absent when no account was named.
  membership?: { submerchantId: string; membership: Membership | null }
}

// Every signed-in request runs this lookup: it is built once per database handle and reused (with
// PostgreSQL, prepared once per connection), instead of being put together again each time.
function buildAccessTokenQuery(db: Db) {
  const account = sql`coalesce(${sql.placeholder('perspective')}::text, ${accessTokens.submerchantId})`
  return db
    .select({
      userId: accessTokens.userId,
      submerchantId: accessTokens.submerchantId,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      account,
      memberId: submerchantUsers.id,
      memberAccount: submerchantUsers.submerchantId,
      role: submerchantUsers.submerchantRole,
    })
    .from(accessTokens)
    .leftJoin(
      submerchantUsers,
      and(
        eq(submerchantUsers.userId, accessTokens.userId),
        eq(submerchantUsers.submerchantId, account),
      ),
    )
    .where(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('resolve_access_token')
}
const accessTokenQueries = new WeakMap<Db, ReturnType<typeof buildAccessTokenQuery>>()
function accessTokenQuery(db: Db): ReturnType<typeof buildAccessTokenQuery> {
  let query = accessTokenQueries.get(db)
  if (!query) {
    query = buildAccessTokenQuery(db)
    accessTokenQueries.set(db, query)
  }
  return query
}

/**
 * The access token's person and attachment, or null when it is unknown, revoked or expired. With
 * `perspective` (the Token-Perspective header), or else the token's own attachment, the person's
 * membership of that account comes in the same query: one round trip where there were two on
 * every call.
 */
export async function resolveAccessToken(
  db: Db,
  token: string,
  now: Date,
  perspective?: string,
): Promise<AccessTokenInfo | null> {
  const [row] = await accessTokenQuery(db).execute({
    tokenHash: sha256(token),
    perspective: perspective ?? null,
  })
  if (!row || row.revokedAt || row.expiresAt <= now) return null
  const info: AccessTokenInfo = { userId: row.userId, submerchantId: row.submerchantId }
  if (typeof row.account === 'string') {
    info.membership = {
      submerchantId: row.account,
      membership:
        row.memberId && row.memberAccount && row.role
          ? { id: row.memberId, submerchantId: row.memberAccount, role: row.role }
          : null,
    }
  }
  return info
}
