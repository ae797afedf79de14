// Issue 12, item 4: the server binds loopback by default; beyond loopback the /sandbox controls need
// SANDBOX_TOKEN as a bearer token, or they are off. HOST=0.0.0.0 is warned about.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBanner } from '../../server/banner'
import { ConfigError, listeningUrl, loadConfig } from '../../server/config'
import { Client, createTestApp, makeDistDir, type TestApp } from './auth-harness'

const TOKEN = 'sandbox-token-0123456789abcdef'

describe('configuration', () => {
  it('listens on 127.0.0.1 with the controls on by default, without warnings', () => {
    const config = loadConfig({})
    expect(config.host).toBe('127.0.0.1')
    expect(config.server.sandboxControls).toBe(true)
    expect(config.server.sandboxToken).toBeUndefined()
    expect(config.server.trustProxy).toBe(false)
    expect(config.warnings).toEqual([])
    expect(listeningUrl(config.host, 8080)).toBe('http://localhost:8080')
    expect(startBanner('http://localhost:8080', config)).not.toContain('WARNING')
  })

  it('turns the controls off beyond loopback without SANDBOX_TOKEN, and warns', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      const config = loadConfig({ HOST, PUBLIC_URL: 'https://x.test' })
      expect(config.server.sandboxControls, HOST).toBe(false)
      const banner = startBanner(listeningUrl(HOST, 8080), config)
      expect(banner).toContain(`WARNING: HOST=${HOST} listens beyond loopback`)
      expect(banner).toContain('WARNING: Sandbox controls are off: set SANDBOX_TOKEN')
      expect(banner).toContain('Sandbox controls: off')
    }
  })

  it('keeps the controls beyond loopback with SANDBOX_TOKEN, which then guards them', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      SANDBOX_TOKEN: TOKEN,
      PUBLIC_URL: 'https://x.test',
    })
    expect(config.server).toMatchObject({ sandboxControls: true, sandboxToken: TOKEN })
    expect(config.server.publicUrl).toBe('https://x.test')
    const banner = startBanner('http://localhost:8080', config)
    expect(banner).toContain(
      'Sandbox controls: on (/sandbox, Authorization: Bearer $SANDBOX_TOKEN)',
    )
    expect(banner).toContain('Links in emails and receipts: https://x.test')
    expect(banner).not.toContain(TOKEN)
  })

  it('refuses a short token, several PUBLIC_URLs or one with a path', () => {
    expect(() => loadConfig({ SANDBOX_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ PUBLIC_URL: 'https://a.test,https://b.test' })).toThrow(ConfigError)
    expect(() => loadConfig({ PUBLIC_URL: 'https://a.test/portal' })).toThrow(ConfigError)
    const proxied = loadConfig({ TRUST_PROXY: '1', PUBLIC_URL: 'https://x.test' })
    expect(proxied.server.trustProxy).toBe(true)
  })
})

describe('the /sandbox controls with SANDBOX_TOKEN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ sandboxToken: TOKEN })
  })
  afterAll(() => t.database.close())

  const call = (method: string, url: string, authorization?: string, body?: string) =>
    new Client(t.app).request(method, url, {
      headers: {
        ...(authorization ? { Authorization: authorization } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body,
    })

  it('answers 401 without the token or with a wrong one', async () => {
    const controls: [string, string, string?][] = [
      ['GET', '/sandbox/outbox'],
      ['GET', '/sandbox/clock'],
      ['POST', '/sandbox/clock', '{"advanceSeconds":60}'],
      ['POST', '/sandbox/status', '{"indicator":"major"}'],
      ['GET', '/sandbox/errors'],
      ['DELETE', '/sandbox/errors'],
    ]
    for (const [method, url, body] of controls) {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
        const res = await call(method, url, authorization, body)
        expect(res.status, `${method} ${url} ${authorization}`).toBe(401)
        expect(await res.json()).toMatchObject({ code: 'sandbox_token_required' })
      }
    }
  })

  it('serves them with the bearer token', async () => {
    const outbox = await call('GET', '/sandbox/outbox', `Bearer ${TOKEN}`)
    expect(outbox.status).toBe(200)
    const moved = await call('POST', '/sandbox/clock', `Bearer ${TOKEN}`, '{"advanceSeconds":60}')
    expect(moved.status).toBe(200)
  })

  it('leaves the status JSON and the error tunnel open to the portal', async () => {
    const status = await call('GET', '/sandbox/status/api/v2/status.json')
    expect(status.status).toBe(200)
    const tunnel = await new Client(t.app).request('POST', '/sandbox/errors', {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '{"event_id":"e1"}\n{"type":"event"}\n{"message":"hello"}\n',
    })
    expect(tunnel.status).toBe(200)
  })
})

describe('controls off beyond loopback or behind a proxy without a token', () => {
  let t: TestApp
  let proxied: TestApp
  beforeAll(async () => {
    const exposed = { PUBLIC_URL: 'https://x.test', NODE_ENV: 'test' }
    t = await createTestApp(loadConfig({ ...exposed, HOST: '0.0.0.0' }).server)
    proxied = await createTestApp(loadConfig({ ...exposed, TRUST_PROXY: '1' }).server)
  })
  afterAll(async () => {
    await t.database.close()
    await proxied.database.close()
  })

  // Issue 49, rule 6: TRUST_PROXY=1 counts as exposed even when the server listens on loopback.
  it('does not mount /sandbox at all', async () => {
    for (const [name, app] of [
      ['TRUST_PROXY=1', proxied],
      ['HOST=0.0.0.0', t],
    ] as const) {
      for (const url of [
        '/sandbox/outbox',
        '/sandbox/clock',
        '/sandbox/status/api/v2/status.json',
      ]) {
        const res = await new Client(app.app).request('GET', url, {
          headers: { Accept: 'application/json' },
        })
        expect(res.status, `${name} ${url}`).toBe(404)
      }
    }
  })
})

// A non-loopback address of this machine, if it has one.
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('npm start without HOST', () => {
  it('binds 127.0.0.1 only and prints no warning', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-bind-'))
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: makeDistDir(),
      SEED_SALES: '0',
      NODE_ENV: 'test',
    }
    for (const name of ['HOST', 'PUBLIC_URL', 'SANDBOX_TOKEN', 'TRUST_PROXY', 'DATABASE_URL']) {
      delete env[name]
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString()
          const match = /Sandbox API and portal: http:\/\/localhost:(\d+)/.exec(output)
          if (match && output.includes('Demo logins')) resolve(Number(match[1]))
        }
        child.stdout.on('data', onData)
        child.stderr.on('data', onData)
        child.once('exit', (code) => reject(new Error(`exited ${code}\n${output}`)))
      })
      expect(output).not.toContain('WARNING')
      expect(output).toContain(`Links in emails and receipts: http://localhost:${port}`)
      expect(await reachable('127.0.0.1', port)).toBe(true)
      const external = externalAddress()
      if (external) expect(await reachable(external, port)).toBe(false)
    } finally {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        process.kill(-child.pid, 'SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
