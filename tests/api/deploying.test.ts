// Issue 49, rules 1, 2 and 6 (docs/deploying.md): what an exposed or proxied server refuses to
// start without, and whose address X-Forwarded-For may name.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { startBanner } from '../../server/banner'
import { ConfigError, loadConfig } from '../../server/config'
import { clientAddress } from '../../server/lib/client-ip'
import { DEFAULT_TRUSTED_PROXIES, parseCidr, trustedProxyList } from '../../server/lib/proxy-ranges'

const TOKEN = 'sandbox-token-0123456789abcdef'

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) started`)
}

describe('an exposed or proxied server without PUBLIC_URL', () => {
  it('refuses to start behind a proxy (TRUST_PROXY=1), saying what to set', () => {
    expect(refusal({ TRUST_PROXY: '1' })).toBe(
      'PUBLIC_URL is required when TRUST_PROXY=1: set it to the origin clients use, like https://portal.example.com',
    )
  })

  it('refuses to start beyond loopback', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(refusal({ HOST })).toMatch(new RegExp(`^PUBLIC_URL is required when HOST=${HOST}:`))
    }
  })

  it('starts on loopback without it (links follow the listening address)', () => {
    const config = loadConfig({})
    expect(config.server).toMatchObject({ exposed: false, publicUrl: undefined })
  })

  it('prints the refusal as one line and exits 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, TRUST_PROXY: '1', PUBLIC_URL: '', HOST: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(output.trim().split('\n')).toEqual([
      'Configuration error: PUBLIC_URL is required when TRUST_PROXY=1: set it to the origin clients use, like https://portal.example.com',
    ])
  }, 60_000)
})

describe('exposed: the flag production behaviour follows', () => {
  it('is set beyond loopback and behind a proxy, not on loopback', () => {
    const publicUrl = { PUBLIC_URL: 'https://x.test' }
    expect(loadConfig({ ...publicUrl }).server.exposed).toBe(false)
    expect(loadConfig({ ...publicUrl, HOST: '::1' }).server.exposed).toBe(false)
    expect(loadConfig({ ...publicUrl, TRUST_PROXY: '1' }).server.exposed).toBe(true)
    expect(loadConfig({ ...publicUrl, HOST: '0.0.0.0' }).server.exposed).toBe(true)
  })
})

describe('the sandbox controls behind a proxy (rule 6)', () => {
  it('are off behind a proxy on loopback without SANDBOX_TOKEN, and the banner says so', () => {
    const config = loadConfig({ TRUST_PROXY: '1', PUBLIC_URL: 'https://x.test' })
    expect(config.server.sandboxControls).toBe(false)
    const banner = startBanner('http://localhost:8080', config)
    expect(banner).toContain(
      'WARNING: TRUST_PROXY=1: this server is reached through a proxy, so it runs as an exposed server.',
    )
    expect(banner).toContain(
      'WARNING: Sandbox controls are off: set SANDBOX_TOKEN to use them on an exposed or proxied server.',
    )
    expect(banner).toContain('Sandbox controls: off')
  })

  it('are on behind a proxy with SANDBOX_TOKEN, which then guards them', () => {
    const config = loadConfig({
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://x.test',
      SANDBOX_TOKEN: TOKEN,
    })
    expect(config.server).toMatchObject({ sandboxControls: true, sandboxToken: TOKEN })
  })
})

describe('PORTAL_ORIGINS and TRUSTED_PROXIES', () => {
  it('reads the portal origins and refuses one with a path', () => {
    const config = loadConfig({ PORTAL_ORIGINS: 'https://a.test, https://b.test:8443' })
    expect(config.server.portalOrigins).toEqual(['https://a.test', 'https://b.test:8443'])
    expect(refusal({ PORTAL_ORIGINS: 'https://a.test/reset' })).toMatch(/^PORTAL_ORIGINS:/)
  })

  it('defaults the trusted proxies to loopback and reads IPv4 and IPv6 ranges', () => {
    expect(loadConfig({}).server.trustedProxies).toEqual([...DEFAULT_TRUSTED_PROXIES])
    const config = loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8,192.0.2.7' })
    expect(config.server.trustedProxies).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.7'])
  })

  it('refuses a malformed range, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'proxy.local', '10.0.0/8', '10.0.0.0/8/1']) {
      expect(refusal({ TRUSTED_PROXIES: bad })).toBe(
        `TRUSTED_PROXIES: "${bad}" is not an address or CIDR range like 10.0.0.0/8`,
      )
    }
    expect(parseCidr('::ffff:10.0.0.0/104')).toEqual({
      address: '::ffff:10.0.0.0',
      prefix: 104,
      family: 'ipv6',
    })
  })
})

describe('the X-Forwarded-For walk (rule 2)', () => {
  const loopback = trustedProxyList(DEFAULT_TRUSTED_PROXIES)
  const tiers = trustedProxyList(['127.0.0.0/8', '::1', '10.0.0.0/8', 'fd00::/8'])

  it('takes the hop the trusted proxy added, not what the client wrote to its left', () => {
    // The case: HAProxy appended its hop after the client's own entry.
    expect(clientAddress('127.0.0.1', '203.0.113.66, 198.51.100.7', loopback)).toBe('198.51.100.7')
    expect(clientAddress('127.0.0.1', '198.51.100.7', loopback)).toBe('198.51.100.7')
  })

  it('walks through every trusted proxy from the right', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.66, 198.51.100.7, 10.1.2.3', tiers)).toBe(
      '198.51.100.7',
    )
    expect(clientAddress('::1', '2001:db8::66, 2001:db8::7, fd00::1', tiers)).toBe('2001:db8::7')
    // Every hop a proxy: the leftmost is as far as anyone can tell.
    expect(clientAddress('127.0.0.1', '10.0.0.2, 10.0.0.1', tiers)).toBe('10.0.0.2')
  })

  it('ignores the header from a peer that is not a trusted proxy, or without TRUST_PROXY', () => {
    expect(clientAddress('198.51.100.9', '203.0.113.66', loopback)).toBe('198.51.100.9')
    expect(clientAddress('127.0.0.1', '203.0.113.66', null)).toBe('127.0.0.1')
  })

  it('knows an IPv4-mapped peer as the IPv4 proxy it is', () => {
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7', loopback)).toBe('198.51.100.7')
    expect(clientAddress('127.0.0.1', '198.51.100.7, ::ffff:127.0.0.2', loopback)).toBe(
      '198.51.100.7',
    )
  })

  it('trusts no malformed entry: the walk stops at the last real address', () => {
    for (const junk of ['unknown', '198.51.100.7:443', '[2001:db8::7]', '', 'evil.example']) {
      expect(clientAddress('127.0.0.1', `203.0.113.66, ${junk}`, loopback), junk).toBe('127.0.0.1')
    }
    expect(clientAddress('127.0.0.1', 'junk, 198.51.100.7', loopback)).toBe('198.51.100.7')
  })

  it('falls back to the peer without a header, and to one bucket in-process', () => {
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1')
    expect(clientAddress(undefined, '203.0.113.66', loopback)).toBe('local')
  })
})
