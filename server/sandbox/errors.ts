import { desc } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context'
import { errorReports } from '../db/schema/platform'
import { badRequest } from '../errors'
import { newId } from '../auth/random'
import { EnvelopeError, parseEnvelope, projectIdFromDsn } from './envelope'

export interface ReceivedError {
  id: string
  receivedAt: string
  projectId: string | null
  eventId: string | null
  type: string
  envelopeHeader: Record<string, unknown>
  payload: unknown
}

async function ingest(c: Context<AppEnv>, projectIdParam: string | null) {
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  let envelope
  try {
    envelope = parseEnvelope(bytes)
  } catch (error) {
    if (error instanceof EnvelopeError)
      throw badRequest(error.message, undefined, 'invalid_envelope')
    throw error
  }
  const { db, clock } = c.get('deps')
  const receivedAt = clock.now()
  const projectId = projectIdParam ?? projectIdFromDsn(envelope.header.dsn)
  const envelopeEventId =
    typeof envelope.header.event_id === 'string' ? envelope.header.event_id : null
  const rows = envelope.items.map((item) => {
    const payloadEventId =
      typeof item.payload === 'object' && item.payload !== null && 'event_id' in item.payload
        ? String((item.payload as { event_id: unknown }).event_id)
        : null
    return {
      id: newId('err'),
      projectId,
      eventId: envelopeEventId ?? payloadEventId,
      itemType: typeof item.header.type === 'string' ? item.header.type : 'unknown',
      envelopeHeader: envelope.header,
      payload: item.payload ?? null,
      receivedAt,
    }
  })
  if (rows.length > 0) await db.db.insert(errorReports).values(rows)
  // Sentry's ingest answers with the event id; SDKs ignore the body otherwise.
  return c.json({ id: envelopeEventId })
}

export function errorIngestRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  // The portal's Sentry `tunnel` posts envelopes here (text/plain, no custom headers).
  app.post('/', (c) => ingest(c, null))
  app.post('/api/:projectId/envelope', (c) => ingest(c, c.req.param('projectId')))
  app.post('/api/:projectId/envelope/', (c) => ingest(c, c.req.param('projectId')))

  app.get('/', async (c) => {
    const rows = await c
      .get('deps')
      .db.db.select()
      .from(errorReports)
      .orderBy(desc(errorReports.receivedAt), desc(errorReports.id))
      .limit(500)
    const received: ReceivedError[] = rows.map((row) => ({
      id: row.id,
      receivedAt: row.receivedAt.toISOString(),
      projectId: row.projectId,
      eventId: row.eventId,
      type: row.itemType,
      envelopeHeader: row.envelopeHeader,
      payload: row.payload,
    }))
    return c.json(received)
  })

  app.delete('/', async (c) => {
    await c.get('deps').db.db.delete(errorReports)
    return c.body(null, 204)
  })

  return app
}
