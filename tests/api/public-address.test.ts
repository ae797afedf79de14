// Where an exposed server may send requests (server/lib/public-address.ts): the address check over
// the forms a URL can hide a private address in, with an injected resolver (no test asks real DNS),
// and the pinned lookup that makes the connection go where the check looked.
import { createServer, request, type Server } from 'node:http'
import type { LookupAddress } from 'node:dns'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postTo } from '../../server/lib/delivery-kit'
import {
  checkedTarget,
  isPublicAddress,
  isPushServiceHost,
  NotPublicError,
  pinnedLookup,
  DEFAULT_PUSH_SERVICE_HOSTS,
  type AddressGuard,
} from '../../server/lib/public-address'

// Names this test's resolver knows; anything else does not resolve.
const NAMES: Record<string, LookupAddress[]> = {
  'internal.example': [{ address: '10.0.0.1', family: 4 }],
  'mixed.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '192.168.1.5', family: 4 },
  ],
  'public.example': [{ address: '93.184.216.34', family: 4 }],
  'v6.example': [{ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }],
  'mapped.example': [{ address: '::ffff:169.254.169.254', family: 6 }],
}

const asked: string[] = []
const exposed: AddressGuard = {
  exposed: true,
  resolve: async (hostname) => {
    asked.push(hostname)
    const found = NAMES[hostname]
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return found
  },
}

const refused = (url: string) =>
  expect(checkedTarget(new URL(url), exposed)).rejects.toBeInstanceOf(NotPublicError)

describe('the address check of an exposed server', () => {
  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://localhost./',
    'http://LOCALHOST/',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::]/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://10.0.0.5:8080/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.0.1/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://255.255.255.255/',
    'http://[64:ff9b::a00:1]/',
    'http://[::10.0.0.1]/',
    'https://internal.example/hooks',
    'https://mixed.example/hooks',
    'https://mapped.example/hooks',
    'https://nowhere.example/hooks',
  ])('refuses %s', async (url) => {
    await refused(url)
  })

  it('asks the resolver for names only, never for address literals or local names', async () => {
    asked.length = 0
    await refused('http://0x7f.1/')
    await refused('http://[fe80::1]/')
    await refused('http://localhost./')
    expect(asked).toEqual([])
    await refused('https://internal.example/')
    expect(asked).toEqual(['internal.example'])
  })

  it('gives a public name its checked address to connect to, and passes public literals', async () => {
    await expect(checkedTarget(new URL('https://public.example/x'), exposed)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    })
    await expect(checkedTarget(new URL('https://v6.example/x'), exposed)).resolves.toEqual({
      address: '2606:2800:220:1:248:1893:25c8:1946',
      family: 6,
    })
    await expect(checkedTarget(new URL('http://8.8.8.8/'), exposed)).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
    })
    await expect(checkedTarget(new URL('http://100.128.0.1/'), exposed)).resolves.not.toBeNull()
    await expect(checkedTarget(new URL('http://172.32.0.1/'), exposed)).resolves.not.toBeNull()
  })

  it('checks nothing on a loopback-only sandbox, where local receivers are how developers test', async () => {
    const sandbox: AddressGuard = { ...exposed, exposed: false }
    await expect(checkedTarget(new URL('http://127.0.0.1:9/'), sandbox)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    })
    await expect(checkedTarget(new URL('https://internal.example/'), sandbox)).resolves.toEqual({
      address: '10.0.0.1',
      family: 4,
    })
  })

  it('reads addresses as public or not', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true)
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true)
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true)
    expect(isPublicAddress('::ffff:10.1.2.3')).toBe(false)
    expect(isPublicAddress('fe80::1%eth0')).toBe(false)
    expect(isPublicAddress('not an address')).toBe(false)
  })
})

describe('the push services an exposed server sends to', () => {
  it.each([
    ['fcm.googleapis.com', true],
    ['updates.push.services.mozilla.com', true],
    ['wns2-par02p.notify.windows.com', true],
    ['web.push.apple.com', true],
    ['FCM.googleapis.com.', true],
    ['notify.windows.com', false],
    ['evil-fcm.googleapis.com', false],
    ['push.apple.com.evil.example', false],
    ['127.0.0.1', false],
  ])('%s → %s', (host, allowed) => {
    expect(isPushServiceHost(host, DEFAULT_PUSH_SERVICE_HOSTS)).toBe(allowed)
  })

  it('follows PUSH_SERVICE_HOSTS when it names others', () => {
    expect(isPushServiceHost('push.example.net', ['push.example.net'])).toBe(true)
    expect(isPushServiceHost('fcm.googleapis.com', ['push.example.net'])).toBe(false)
  })
})

describe('connecting where the check looked', () => {
  let server: Server
  let port = 0
  const hits: { host: string | undefined }[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push({ host: req.headers.host })
      res.end('x'.repeat(10_000))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('a pinned lookup connects to the checked address while Host keeps the name', async () => {
    hits.length = 0
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `http://pinned.invalid:${port}/`,
        { lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }), agent: false },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(200)
    expect(hits).toEqual([{ host: `pinned.invalid:${port}` }])
  })

  it('an exposed server refuses before connecting: the receiver hears nothing', async () => {
    hits.length = 0
    const loopbackName: AddressGuard = {
      exposed: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    }
    for (const url of [`http://127.0.0.1:${port}/`, `http://receiver.example:${port}/`]) {
      await expect(
        postTo(url, {
          headers: {},
          body: '{}',
          timeoutMs: 2000,
          maxAnswerBytes: 10,
          guard: loopbackName,
        }),
      ).rejects.toBeInstanceOf(NotPublicError)
    }
    expect(hits).toEqual([])
  })

  it('keeps at most the asked bytes of an answer', async () => {
    const answer = await postTo(`http://127.0.0.1:${port}/`, {
      headers: {},
      body: '{}',
      timeoutMs: 2000,
      maxAnswerBytes: 4096,
      guard: { exposed: false, resolve: exposed.resolve },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('x'.repeat(4096))
  })
})
