// The client's address (docs/deploying.md#the-clients-address): the TCP peer, or, when that peer
// is a trusted proxy and TRUST_PROXY=1, the first X-Forwarded-For hop, read from the right, that
// is not itself a trusted proxy. Whatever a client writes to the left of that is never believed.
import { isIP, type BlockList } from 'node:net'
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { DEFAULT_TRUSTED_PROXIES, trustedProxyList } from './proxy-ranges'

// An address as a header or socket gives it ('::ffff:10.0.0.1' stays IPv4-mapped: BlockList knows
// it), or null when it is not a bare IPv4/IPv6 address (ports, brackets, names, garbage).
function address(value: string): string | null {
  const bare = value.trim().toLowerCase()
  return isIP(bare) ? bare : null
}

function trusted(proxies: BlockList, ip: string): boolean {
  return proxies.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')
}

/**
 * Walks X-Forwarded-For from the right, starting at the TCP peer: each hop that is a trusted
 * proxy passes the question on to the address it names; the first hop that is not a trusted proxy
 * is the client. A malformed entry stops the walk at the last address known to be real (a proxy
 * that wrote garbage is not believed about anything further left).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  proxies: BlockList | null,
): string {
  const hop = peer === undefined ? null : address(peer)
  if (!hop) return peer ?? 'local'
  if (!proxies || !forwardedFor || !trusted(proxies, hop)) return hop
  let client = hop
  const entries = forwardedFor.split(',')
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = address(entries[i]!)
    if (!entry) break
    client = entry
    if (!trusted(proxies, entry)) break
  }
  return client
}

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } }
}

// One list per configuration (built once, not per request).
const lists = new WeakMap<readonly string[], BlockList>()

function proxiesOf(cidrs: readonly string[]): BlockList {
  let list = lists.get(cidrs)
  if (!list) {
    list = trustedProxyList(cidrs)
    lists.set(cidrs, list)
  }
  return list
}

// In-process requests (tests, benches) have no TCP peer and share one bucket, 'local'.
export function clientIp(c: Context<AppEnv>): string {
  const config = c.get('deps').config
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress
  const proxies = config.trustProxy
    ? proxiesOf(config.trustedProxies ?? DEFAULT_TRUSTED_PROXIES)
    : null
  return clientAddress(peer, c.req.header('x-forwarded-for'), proxies)
}
