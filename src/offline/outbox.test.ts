import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/api/errors'
import {
  cancelOutboxEntry,
  guardOutboxDuplicates,
  outboxEntries,
  registerTouchedKeys,
  replayOutbox,
  retryOutboxEntry,
  touchedKeysOf,
} from '@/offline/outbox'
import {
  newQueueableVariables,
  OUTBOX_SCOPE,
  queueableKey,
  type QueueableVariables,
} from '@/offline/queueable'

const KEY = queueableKey('test', 'send')
const ACCOUNT = 'sub_a'

interface Sent {
  idempotencyKey: string
  forWhom: string
}

// A real QueryClient whose registered mutationFn records what was sent and fails on demand.
function setup() {
  const sent: Sent[] = []
  const failNext: ApiError[] = []
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  client.setMutationDefaults(KEY, {
    scope: OUTBOX_SCOPE,
    mutationFn: async (variables: QueueableVariables) => {
      await Promise.resolve()
      sent.push({ idempotencyKey: variables.idempotencyKey, forWhom: variables.outbox.forWhom })
      const failure = failNext.shift()
      if (failure) throw failure
      return 'ok'
    },
  })
  registerTouchedKeys(KEY, (variables) => [
    [variables.outbox.submerchantId, 'things'],
    [variables.outbox.submerchantId, 'thing', variables.outbox.forWhom],
  ])
  return { client, sent, failNext }
}

function queue(client: QueryClient, forWhom: string, at: string, submerchantId = ACCOUNT) {
  const variables = newQueueableVariables(
    { what: 'Receipt by SMS', forWhom, submerchantId },
    new Date(at),
  )
  void client
    .getMutationCache()
    .build(client, { mutationKey: KEY })
    .execute(variables)
    .catch(() => undefined)
  return variables
}

const settle = () => new Promise((done) => setTimeout(done, 0))

beforeEach(() => onlineManager.setOnline(false))
afterEach(() => onlineManager.setOnline(true))

describe('outboxEntries', () => {
  it('lists queued actions of the account, oldest first, with their label and key', () => {
    const { client } = setup()
    const second = queue(client, '+447700900002', '2026-11-21T10:00:00Z')
    const first = queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    queue(client, '+447700900003', '2026-11-21T08:00:00Z', 'sub_other')

    const entries = outboxEntries(client.getMutationCache(), ACCOUNT)
    expect(entries.map((e) => [e.status, e.label.forWhom, e.idempotencyKey])).toEqual([
      ['queued', '+447700900001', first.idempotencyKey],
      ['queued', '+447700900002', second.idempotencyKey],
    ])
    expect(outboxEntries(client.getMutationCache(), 'sub_other')).toHaveLength(1)
  })

  it('ignores mutations that are not queueable', () => {
    const { client } = setup()
    void client
      .getMutationCache()
      .build(client, { mutationKey: ['profile', 'update'], mutationFn: async () => 'x' })
      .execute({ idempotencyKey: 'k', outbox: { submerchantId: ACCOUNT } })
      .catch(() => undefined)
    expect(outboxEntries(client.getMutationCache(), ACCOUNT)).toEqual([])
  })
})

describe('cancel', () => {
  it('removes a queued action so it is never sent', async () => {
    const { client, sent } = setup()
    queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    const kept = queue(client, '+447700900002', '2026-11-21T09:01:00Z')
    const [cancelled] = outboxEntries(client.getMutationCache(), ACCOUNT)
    expect(cancelOutboxEntry(client, cancelled!.mutationId)).toBe(true)

    onlineManager.setOnline(true)
    await replayOutbox(client)
    expect(sent).toEqual([{ idempotencyKey: kept.idempotencyKey, forWhom: '+447700900002' }])
    expect(outboxEntries(client.getMutationCache(), ACCOUNT)).toEqual([])
  })

  it('refuses an unknown id', () => {
    const { client } = setup()
    expect(cancelOutboxEntry(client, 999)).toBe(false)
  })
})

describe('replay', () => {
  it('does nothing while offline', async () => {
    const { client, sent } = setup()
    queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    await replayOutbox(client)
    expect(sent).toEqual([])
    expect(outboxEntries(client.getMutationCache(), ACCOUNT)[0]?.status).toBe('queued')
  })

  it('sends in order, each once, then invalidates each touched key once', async () => {
    const { client, sent } = setup()
    const a = queue(client, 'one', '2026-11-21T09:00:00Z')
    const b = queue(client, 'two', '2026-11-21T09:01:00Z')
    const c = queue(client, 'one', '2026-11-21T09:02:00Z')
    const invalidated: unknown[] = []
    const original = client.invalidateQueries.bind(client)
    client.invalidateQueries = (filters) => {
      invalidated.push(filters?.queryKey)
      return original(filters)
    }

    onlineManager.setOnline(true)
    await replayOutbox(client)
    await settle()
    expect(sent.map((s) => s.idempotencyKey)).toEqual([
      a.idempotencyKey,
      b.idempotencyKey,
      c.idempotencyKey,
    ])
    expect(invalidated).toEqual([
      [ACCOUNT, 'things'],
      [ACCOUNT, 'thing', 'one'],
      [ACCOUNT, 'thing', 'two'],
    ])
  })

  it('resumes mutations restored from a persisted client, and clears isPaused (#8999)', async () => {
    const before = setup()
    const queued = queue(before.client, 'restored', '2026-11-21T09:00:00Z')
    const persisted = dehydrate(before.client)
    expect(persisted.mutations).toHaveLength(1)

    const after = setup()
    hydrate(after.client, persisted)
    const restored = after.client.getMutationCache().getAll()[0]!
    expect(restored.state.isPaused).toBe(true)

    onlineManager.setOnline(true)
    await replayOutbox(after.client)
    expect(after.sent).toEqual([{ idempotencyKey: queued.idempotencyKey, forWhom: 'restored' }])
    expect(restored.state).toMatchObject({ status: 'success', isPaused: false })
  })

  it('restored while offline, it still runs once the connection returns (#5847)', async () => {
    const before = setup()
    queue(before.client, 'late', '2026-11-21T09:00:00Z')
    const after = setup()
    hydrate(after.client, dehydrate(before.client))
    // The reload happened offline: the replay at restore time must not start a hanging run.
    await replayOutbox(after.client)
    onlineManager.setOnline(true)
    await replayOutbox(after.client)
    expect(after.sent.map((s) => s.forWhom)).toEqual(['late'])
  })
})

describe('failed replays', () => {
  it('stay visible with their error; Retry re-sends with the same idempotency key', async () => {
    const { client, sent, failNext } = setup()
    const variables = queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    failNext.push(new ApiError({ status: 422, code: 'invalid', message: 'Nope' }))

    onlineManager.setOnline(true)
    await replayOutbox(client)
    const [failed] = outboxEntries(client.getMutationCache(), ACCOUNT)
    expect(failed).toMatchObject({ status: 'failed', error: { message: 'Nope' } })

    expect(retryOutboxEntry(client, failed!.mutationId)).toBe(true)
    await settle()
    await settle()
    expect(sent.map((s) => s.idempotencyKey)).toEqual([
      variables.idempotencyKey,
      variables.idempotencyKey,
    ])
    expect(outboxEntries(client.getMutationCache(), ACCOUNT)).toEqual([])
  })

  it('Retry refuses an entry that has not failed', () => {
    const { client } = setup()
    queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    const [entry] = outboxEntries(client.getMutationCache(), ACCOUNT)
    expect(retryOutboxEntry(client, entry!.mutationId)).toBe(false)
  })
})

describe('guardOutboxDuplicates (#4846)', () => {
  it('drops a restored copy of an action already in the cache', async () => {
    const { client, sent } = setup()
    const stop = guardOutboxDuplicates(client)
    queue(client, '+447700900001', '2026-11-21T09:00:00Z')
    const persisted = dehydrate(client)
    hydrate(client, persisted)
    hydrate(client, persisted)
    expect(outboxEntries(client.getMutationCache(), ACCOUNT)).toHaveLength(1)
    expect(dehydrate(client).mutations).toHaveLength(1)

    onlineManager.setOnline(true)
    await replayOutbox(client)
    expect(sent).toHaveLength(1)
    stop()
  })
})

describe('touchedKeysOf', () => {
  it('is empty for mutations without registered keys', () => {
    const { client } = setup()
    const mutation = client
      .getMutationCache()
      .build<unknown, Error, unknown, unknown>(client, { mutationKey: ['other'] })
    expect(touchedKeysOf([mutation])).toEqual([])
  })
})
