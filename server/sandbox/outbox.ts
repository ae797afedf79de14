import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { outboxMessages } from '../db/schema/platform'
import { newId } from '../auth/random'
import { escapeHtml, htmlPage, wantsHtml } from './html'

export interface OutboxMessageInput {
  channel: 'email' | 'sms'
  // receipt_advice, customer_notification, password_reset, …
  kind: string
  recipient: string
  subject?: string | null
  body: string
  metadata?: Record<string, unknown>
  createdAt: Date
}

export interface OutboxMessage {
  id: string
  channel: 'email' | 'sms'
  kind: string
  recipient: string
  subject: string | null
  body: string
  metadata: Record<string, unknown>
  createdAt: string
}

type OutboxRow = typeof outboxMessages.$inferSelect

function serialize(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
  }
}

// What the sandbox "sends" (emails, SMS) lands here instead; pass the sandbox clock's now.
export async function addOutboxMessage(db: Db, input: OutboxMessageInput): Promise<OutboxMessage> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      id: newId('msg'),
      channel: input.channel,
      kind: input.kind,
      recipient: input.recipient,
      subject: input.subject ?? null,
      body: input.body,
      metadata: input.metadata ?? {},
      createdAt: input.createdAt,
    })
    .returning()
  if (!row) throw new Error('outbox insert returned no row')
  return serialize(row)
}

export const OUTBOX_PAGE_SIZE = 200

export async function listOutboxMessages(db: Db, limit = OUTBOX_PAGE_SIZE) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit)
  return rows.map(serialize)
}

function renderOutbox(messages: OutboxMessage[]): string {
  if (messages.length === 0) return htmlPage('Sandbox outbox', '<p>No messages yet.</p>')
  const items = messages
    .map(
      (message) => `<article>
<h2>${escapeHtml(message.subject ?? message.kind)}</h2>
<dl>
<dt>Channel</dt><dd>${escapeHtml(message.channel)}</dd>
<dt>Kind</dt><dd>${escapeHtml(message.kind)}</dd>
<dt>To</dt><dd>${escapeHtml(message.recipient)}</dd>
<dt>Created</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></dd>
</dl>
<pre>${escapeHtml(message.body)}</pre>
${Object.keys(message.metadata).length > 0 ? `<pre>${escapeHtml(JSON.stringify(message.metadata, null, 2))}</pre>` : ''}
</article>`,
    )
    .join('\n')
  return htmlPage(
    'Sandbox outbox',
    `<p>${messages.length} newest messages, newest first.</p>\n${items}`,
  )
}

export function outboxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const messages = await listOutboxMessages(c.get('deps').db.db)
    if (wantsHtml(c.req.header('accept'))) {
      c.header('Cache-Control', 'no-store')
      return c.html(renderOutbox(messages))
    }
    return c.json(messages)
  })
  return app
}
