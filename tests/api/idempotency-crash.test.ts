// Fault injection (issue 12, item 6): the real server is SIGKILLed between the write and the response,
// restarted on the same data, and the retry with the same Idempotency-Key must replay the stored
// response or do the work exactly once.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { IdempotencyFault } from '../../server/middleware/idempotency'
import { SEED_PAYMENT_FACILITATORS, SEED_SUBMERCHANTS } from '../../server/seed/ids'
import {
  freePort,
  killSandbox,
  spawnSandbox,
  type SandboxProcess,
} from '../e2e/support/private-server'
import { Client, EMAILS } from './auth-harness'
import { postgresCloneUrl } from './helpers/db'

const dataDir = mkdtempSync(path.join(tmpdir(), 'idempotency-crash-'))
// On PostgreSQL the server's data is a database of its own, as a data directory is on PGlite: the
// shared one would keep this run's idempotency keys and limits for the next run.
const ownDatabase = process.env.DATABASE_URL
  ? await postgresCloneUrl(process.env.DATABASE_URL)
  : null
const sub = SEED_SUBMERCHANTS.cityCabs
let server: SandboxProcess | null = null
// One port for every restart, so the allowed completion URL stays the same.
const port = await freePort()

afterAll(async () => {
  if (server) await killSandbox(server.child)
  rmSync(dataDir, { recursive: true, force: true })
  await ownDatabase?.drop()
})

// (Re)starts the sandbox on the one data directory, armed with a crash point or not.
async function restart(fault?: IdempotencyFault): Promise<string> {
  if (server) await killSandbox(server.child)
  server = await spawnSandbox({
    dataDir,
    env: {
      ...(fault ? { SANDBOX_FAULT: fault } : {}),
      ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
    },
    readyPath: '/sandbox/clock',
    processGroup: true,
    port,
  })
  return server.baseURL
}

let baseURL = ''
// The portal-like client, over real HTTP to whichever process is running now.
const client = new Client({
  request: (urlPath: string, init?: RequestInit) => fetch(`${baseURL}${urlPath}`, init),
})

// A POST the armed server dies in: the connection drops, no response arrives.
async function crashes(send: () => Promise<Response>): Promise<void> {
  await expect(send()).rejects.toThrow()
  const child = server?.child
  if (child && child.exitCode === null && child.signalCode === null) {
    await new Promise((done) => child.once('exit', done))
  }
  expect(child?.signalCode).toBe('SIGKILL')
}

function replayed(res: Response): string | null {
  return res.headers.get('Idempotent-Replayed')
}

const outbox = async (kind: string) => {
  const res = await fetch(`${baseURL}/sandbox/outbox`)
  return ((await res.json()) as Array<{ kind: string; recipient: string }>).filter(
    (m) => m.kind === kind,
  )
}

describe('Idempotency-Key across a crash of the server (SIGKILL, restart on the same data)', () => {
  let saleId = ''
  let receiptId = ''
  const refund = (key: string) =>
    client.request('POST', `/v1/sales/${saleId}/refund-requests`, {
      json: { amount: 100, refundReason: 'Crash test', customerEmailAddress: '' },
      headers: { 'Idempotency-Key': key },
      perspective: sub,
    })
  const refunds = async () => {
    const res = await client.request('GET', `/v1/sales/${saleId}/refund-requests`, {
      perspective: sub,
    })
    return (await res.json()) as Array<{ id: string }>
  }

  it('replays a refund whose commit happened just before the kill', async () => {
    baseURL = await restart('idempotency-after-commit')
    expect((await client.login(EMAILS.owner)).status).toBe(200)
    expect((await client.refresh({ attachments: [sub] })).status).toBe(200)
    const list = await client.request('GET', '/v1/sales?sort=-capturedAt&limit=50', {
      perspective: sub,
    })
    const sales = (await list.json()) as Array<{ id: string; receiptId: string | null }>
    const sale = sales.find((s) => s.receiptId)
    saleId = sale?.id ?? ''
    receiptId = sale?.receiptId ?? ''
    const before = (await refunds()).length

    await crashes(() => refund('crash-refund-after'))
    baseURL = await restart('idempotency-after-commit')
    const retry = await refund('crash-refund-after')
    expect(retry.status).toBe(201)
    expect(replayed(retry)).toBe('true')
    expect(await refunds()).toHaveLength(before + 1)
  }, 300_000)

  it('replays a receipt send whose commit happened just before the kill', async () => {
    const send = () =>
      client.request('POST', `/v1/receipts/${receiptId}/advice`, {
        json: { channel: 'email', emailAddress: 'rider@example.com', brand: 'operator' },
        headers: { 'Idempotency-Key': 'crash-receipt-after' },
        perspective: sub,
      })
    await crashes(send)
    baseURL = await restart('idempotency-after-commit')
    const retry = await send()
    expect(retry.status, await retry.clone().text()).toBe(201)
    expect(replayed(retry)).toBe('true')
    expect(await outbox('receipt_advice')).toHaveLength(1)
  }, 300_000)

  it('replays a forgot-password request whose commit happened just before the kill', async () => {
    const ask = () =>
      client.request('POST', '/v1/password-reset-tickets', {
        json: {
          emailAddress: EMAILS.manager,
          completionUrl: `${baseURL}/reset-password`,
          paymentFacilitatorId: SEED_PAYMENT_FACILITATORS.sandboxPay,
        },
        headers: { 'Idempotency-Key': 'crash-reset-after' },
      })
    await crashes(ask)
    baseURL = await restart('idempotency-before-commit')
    const retry = await ask()
    expect(retry.status).toBe(202)
    expect(replayed(retry)).toBe('true')
    expect(await outbox('password_reset')).toHaveLength(1)
  }, 300_000)

  // The refund's activity rows (docs/entities.md#team-and-activity): written with the refund or not at all.
  const refundRows = async () => {
    const res = await client.request(
      'GET',
      `/v1/activity?action=refund.requested&objectId=${saleId}&limit=100`,
      { perspective: sub },
    )
    expect(res.status).toBe(200)
    return ((await res.json()) as unknown[]).length
  }

  it('does a refund exactly once when the kill came before the commit', async () => {
    const before = (await refunds()).length
    const rowsBefore = await refundRows()
    await crashes(() => refund('crash-refund-before'))
    baseURL = await restart()
    expect(await refunds()).toHaveLength(before)
    // The killed change left no activity row either.
    expect(await refundRows()).toBe(rowsBefore)
    const retry = await refund('crash-refund-before')
    expect(retry.status).toBe(201)
    expect(replayed(retry)).toBeNull()
    const again = await refund('crash-refund-before')
    expect(replayed(again)).toBe('true')
    expect(await again.text()).toBe(await retry.text())
    expect(await refunds()).toHaveLength(before + 1)
    expect(await refundRows()).toBe(rowsBefore + 1)
  }, 300_000)
})
