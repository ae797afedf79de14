import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../../server/app'
import { createTestClock, type TestClock } from './helpers/test-clock'
import type { ServerConfig } from '../../server/config'
import type { AppEnv } from '../../server/context'
import type { Database } from '../../server/db/client'
import { DEMO_PASSWORD } from '../../server/seed/fixtures'
import { freshDatabase } from './helpers/db'

export { DEMO_PASSWORD }
export const PORTAL_ORIGIN = 'https://portal.example.test'

export const EMAILS = {
  owner: 'owner@example.com',
  manager: 'manager@example.com',
  mfa: 'mfa@example.com',
  compromised: 'compromised@example.com',
  noAccounts: 'nobody@example.com',
} as const

// A tiny built portal so static serving can be checked without running vite.
export function makeDistDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  )
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log("portal")')
  writeFileSync(path.join(dir, 'assets', 'index-AbC123.css'), 'body{margin:0}')
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Portal"}')
  writeFileSync(path.join(dir, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  return dir
}

export interface TestApp {
  app: Hono<AppEnv>
  database: Database
  clock: TestClock
  config: ServerConfig
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const database = await freshDatabase()
  const clock = createTestClock()
  const config: ServerConfig = {
    mode: 'test',
    sandboxControls: true,
    corsOrigins: [PORTAL_ORIGIN],
    portalOrigins: [PORTAL_ORIGIN],
    distDir: makeDistDir(),
    insecureCookies: false,
    ...overrides,
  }
  const app = createApp({ db: database, clock, config })
  return { app, database, clock, config }
}

export interface RequestOptions {
  json?: unknown
  body?: string
  headers?: Record<string, string>
  perspective?: string
  // Leave out X-Requested-With to exercise the CSRF guard.
  csrf?: boolean
}

// A browser-like client: keeps cookies between calls and sends the portal's headers.
// The app in process, or a real server over fetch (tests that start one).
export interface Requester {
  request(urlPath: string, init: RequestInit): Response | Promise<Response>
}

export class Client {
  readonly cookies = new Map<string, string>()

  constructor(private readonly app: Requester) {}

  async request(method: string, urlPath: string, opts: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(opts.headers)
    if (opts.csrf !== false && !headers.has('x-requested-with')) {
      headers.set('X-Requested-With', 'portal')
    }
    if (opts.perspective) headers.set('Token-Perspective', opts.perspective)
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    }
    let body = opts.body
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json)
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json')
    }
    const res = await this.app.request(urlPath, { method, headers, body })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const expired = attributes.some((a) => /^max-age=0$/i.test(a))
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eq + 1))
    }
    return res
  }

  login(
    emailAddress: string,
    opts: { password?: string; device?: string; mfaToken?: string } = {},
  ) {
    return this.request('POST', '/v1/tokens', {
      json: {
        type: 'refresh',
        grantType: 'password',
        emailAddress,
        password: opts.password ?? DEMO_PASSWORD,
        deviceIdentifier: opts.device ?? 'device-1',
        ...(opts.mfaToken === undefined ? {} : { mfaToken: opts.mfaToken }),
      },
    })
  }

  refresh(opts: { device?: string; attachments?: string[] } = {}) {
    return this.request('POST', '/v1/tokens', {
      json: {
        type: 'access',
        grantType: 'refresh_token',
        deviceIdentifier: opts.device ?? 'device-1',
        ...(opts.attachments ? { attachments: opts.attachments } : {}),
      },
    })
  }
}

export async function signedIn(app: Hono<AppEnv>, email: string = EMAILS.owner): Promise<Client> {
  const client = new Client(app)
  const res = await client.login(email)
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return client
}

export async function errorBody(res: Response): Promise<{ message: string; code: string }> {
  return (await res.json()) as { message: string; code: string }
}
