// The server's VAPID key pair (docs/events.md#push): made at first start and kept in the database,
// so every server on one database signs with the same key and subscriptions outlive restarts.
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Database } from '../db/client'
import { vapidKeys } from '../db/schema/events'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

// The one row's id: there is one key pair per database.
const KEY_ID = 'default'

const loaded = new WeakMap<Database, Promise<VapidKeys>>()

async function ensure(database: Database, now: Date): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys()
  // Two servers starting at once each offer a pair; the first insert wins and both read it back.
  await database.db
    .insert(vapidKeys)
    .values({ id: KEY_ID, ...made, createdAt: now })
    .onConflictDoNothing({ target: vapidKeys.id })
  const [row] = await database.db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, KEY_ID))
  if (!row) throw new Error('VAPID keys missing after insert')
  return row
}

// The stored pair, made if there is none; read once per database handle.
export function vapidKeysOf(database: Database, now: Date): Promise<VapidKeys> {
  let keys = loaded.get(database)
  if (!keys) {
    keys = ensure(database, now)
    // A failed read is not remembered: the next caller tries again.
    keys.catch(() => loaded.delete(database))
    loaded.set(database, keys)
  }
  return keys
}
