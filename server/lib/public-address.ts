/**
 * Where an exposed server may send requests (docs/events.md#where-deliveries-go): only to public
 * addresses. A webhook URL or push endpoint whose host is, or resolves to, a loopback, private
 * (RFC 1918), link-local, CGNAT (100.64/10), unique-local (fc00::/7), multicast, unspecified or
 * reserved address, IPv4 or IPv6 (IPv4-mapped and NAT64 forms read as the IPv4 inside), is refused.
 *
 * - `checkedTarget(url, guard)` resolves the host once and checks every address it has; the caller
 *   then connects to that very address (`pinnedLookup`), so a name cannot answer with a public
 *   address for the check and a private one for the connection (DNS rebinding).
 * - A loopback-only sandbox (`guard.exposed` false) resolves and pins the same way but checks
 *   nothing: local receivers are how developers and the tests try deliveries.
 * - Hosts are read as the URL parser reads them, so `2130706433`, `0x7f.1` and `[::ffff:7f00:1]`
 *   are all 127.0.0.1 before they are judged.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { badRequest } from '../errors'

export const NOT_PUBLIC_MESSAGE = 'must be a public address'

// Resolves a host name to every address it has (node:dns lookup with `all`); tests inject one.
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>

export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    )
  })

// What the check needs from the server: whether it is exposed, and how it resolves names.
export interface AddressGuard {
  exposed: boolean
  resolve: HostResolver
}

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

// The sixteen bytes of an IPv6 address (already known to be valid).
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!
  // A dotted IPv4 tail becomes two hex groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  const front = groups(head)
  const back = groups(tail)
  const middle = tail === undefined ? [] : Array(8 - front.length - back.length).fill('0')
  return [...front, ...middle, ...back].flatMap((group) => {
    const value = parseInt(group, 16)
    return [value >> 8, value & 0xff]
  })
}

// The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
// NAT64 64:ff9b::/96), if any.
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address)
  const prefix = bytes.slice(0, 12)
  const zeros = (from: number, to: number) => prefix.slice(from, to).every((b) => b === 0)
  const mapped = zeros(0, 10) && prefix[10] === 0xff && prefix[11] === 0xff
  const compatible = zeros(0, 12)
  const nat64 =
    prefix[0] === 0x00 && prefix[1] === 0x64 && prefix[2] === 0xff && prefix[3] === 0x9b
      ? zeros(4, 12)
      : false
  return mapped || compatible || nat64 ? bytes.slice(12).join('.') : null
}

// Whether an IP address (v4 or v6, without brackets) is public.
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  // Judged as the IPv4 address inside (:: and ::1 read as 0.0.0.0 and 0.0.0.1: not public either).
  const inner = embeddedIpv4(address)
  if (inner !== null) return isPublicAddress(inner)
  return !blocked.check(address.split('%')[0]!, 'ipv6')
}

// A host name only this machine answers (localhost, anything under .localhost, with or without the
// final dot): refused without asking DNS.
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

export class NotPublicError extends Error {
  override name = 'NotPublicError'
}

// The address to connect to for this URL: its host resolved once (and checked on an exposed server).
export interface CheckedTarget {
  address: string
  family: 4 | 6
}

// Resolves the URL's host and, on an exposed server, checks it; throws NotPublicError when it may
// not be reached (or does not resolve).
export async function checkedTarget(url: URL, guard: AddressGuard): Promise<CheckedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) {
    if (guard.exposed && !isPublicAddress(host)) {
      throw new NotPublicError(`${host} is not a public address`)
    }
    return { address: host, family: isIP(host) as 4 | 6 }
  }
  if (guard.exposed && isLocalName(host)) throw new NotPublicError(`${host} is a local name`)
  let addresses: LookupAddress[]
  try {
    addresses = await guard.resolve(host)
  } catch {
    throw new NotPublicError(`${host} does not resolve`)
  }
  // Every address must be public: a name with one private address among public ones could be
  // answered with it on the connection.
  const first = addresses[0]
  if (!first) throw new NotPublicError(`${host} has no address`)
  if (guard.exposed && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new NotPublicError(`${host} resolves to an address that is not public`)
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}

// Whether the URL may be saved as a receiver (create and update): false when it is not public.
// A loopback-only sandbox takes any receiver, resolvable yet or not.
export async function isPublicUrl(url: string, guard: AddressGuard): Promise<boolean> {
  if (!guard.exposed) return true
  try {
    await checkedTarget(new URL(url), guard)
    return true
  } catch {
    return false
  }
}

// 400 with the field's error unless the URL may be saved as a receiver.
export async function requirePublicUrl(
  url: string,
  field: string,
  guard: AddressGuard,
): Promise<void> {
  if (!(await isPublicUrl(url, guard))) {
    throw badRequest('Invalid request', [{ field, messages: [NOT_PUBLIC_MESSAGE] }])
  }
}

// A lookup for node:http(s) that answers with the checked address whatever name it is asked, so
// the connection goes where the check looked (TLS SNI and Host still carry the name).
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      ;(callback as (e: null, a: LookupAddress[]) => void)(null, [target])
    } else {
      callback(null, target.address, target.family)
    }
  }
}

// Push services a browser subscribes with (docs/events.md#push): the only hosts an exposed server
// sends pushes to, unless PUSH_SERVICE_HOSTS names others. `*.` matches any name below the domain.
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
] as const

export function pushServiceHostsOf(config: {
  pushServiceHosts?: readonly string[]
}): readonly string[] {
  return config.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS
}

export function isPushServiceHost(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase()
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern
  })
}
