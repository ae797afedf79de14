import { expect, type APIRequestContext } from '@playwright/test'

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

// The newest outbox message matching the filter, waiting for it to arrive.
export async function waitForOutboxMessage(
  request: APIRequestContext,
  filter: { recipient: string; kind?: string; after?: string },
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get('/sandbox/outbox', {
          headers: { accept: 'application/json' },
        })
        expect(res.ok()).toBe(true)
        const messages = (await res.json()) as OutboxMessage[]
        found = messages.find(
          (m) =>
            m.recipient === filter.recipient.toLowerCase() &&
            (!filter.kind || m.kind === filter.kind) &&
            (!filter.after || m.createdAt > filter.after),
        )
        return Boolean(found)
      },
      { message: `an outbox message for ${filter.recipient}` },
    )
    .toBe(true)
  if (!found) throw new Error('unreachable: poll passed without a message')
  return found
}

// The first link in a message body (the reset link of a password-reset email).
export function firstLink(message: OutboxMessage): URL {
  const match = /https?:\/\/\S+/.exec(message.body)
  if (!match) throw new Error(`no link in outbox message ${message.id}`)
  return new URL(match[0])
}

// Moves the sandbox clock forward; it affects every test sharing that server.
export async function advanceSandboxClock(
  request: APIRequestContext,
  seconds: number,
): Promise<Date> {
  const res = await request.post('/sandbox/clock', { data: { advanceSeconds: seconds } })
  expect(res.ok(), await res.text()).toBe(true)
  const body = (await res.json()) as { now: string }
  return new Date(body.now)
}
