// After a load: every write a client saw acknowledged is in the database exactly once, and no
// write (acknowledged or not) is there twice. Each write carries its Idempotency-Key in a field
// the check can find: a link's description, a refund's reason, a receipt email's address.
import { openDatabase, queryRows } from '../../server/db/client'
import type { LoadResult, WriteKind } from './load'

const LOOKUPS: Record<WriteKind, string> = {
  link: `select substr(description, 6) as key, id, count(*) over (partition by description)::int as n
         from intents where description = any($1)`,
  refund: `select substr(refund_reason, 6) as key, id, count(*) over (partition by refund_reason)::int as n
           from refund_requests where refund_reason = any($1)`,
  receipt: `select substr(recipient, 3, 24) as key, id, count(*) over (partition by recipient)::int as n
            from outbox_messages where recipient = any($1)`,
}

const MARKERS: Record<WriteKind, (key: string) => string> = {
  link: (key) => `load ${key}`,
  refund: (key) => `load ${key}`,
  receipt: (key) => `r-${key}@example.com`,
}

export interface WriteCheck {
  acknowledged: number
  found: number
  lost: number
  duplicated: number
  // Writes the client never saw acknowledged (it gave up, or the answer was lost) that are there.
  unacknowledgedStored: number
  // Acknowledged ids that differ from the stored one.
  mismatched: number
}

export async function checkWrites(databaseUrl: string, result: LoadResult): Promise<WriteCheck> {
  const database = await openDatabase({ url: databaseUrl })
  try {
    const stored = new Map<string, { id: string; n: number }>()
    for (const kind of Object.keys(LOOKUPS) as WriteKind[]) {
      const markers = result.attempted
        .filter((a) => a.kind === kind)
        .map((a) => MARKERS[kind](a.key))
      const rows = await queryRows<{ key: string; id: string; n: number }>(
        database,
        LOOKUPS[kind],
        [markers],
      )
      for (const row of rows) stored.set(`${kind}:${row.key}`, { id: row.id, n: row.n })
    }
    const acked = new Set(result.acks.map((a) => `${a.kind}:${a.key}`))
    let found = 0
    let mismatched = 0
    for (const ack of result.acks) {
      const row = stored.get(`${ack.kind}:${ack.key}`)
      if (!row) continue
      found += 1
      if (ack.id !== null && ack.id !== row.id) mismatched += 1
    }
    const duplicated = [...stored.values()].filter((row) => row.n > 1).length
    const unacknowledgedStored = [...stored.keys()].filter((key) => !acked.has(key)).length
    return {
      acknowledged: result.acks.length,
      found,
      lost: result.acks.length - found,
      duplicated,
      unacknowledgedStored,
      mismatched,
    }
  } finally {
    await database.close()
  }
}
