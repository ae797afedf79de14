// Address ranges as TRUSTED_PROXIES names them, parsed once; the configuration checks them at
// start and client-ip.ts asks them per request (kept apart so the configuration imports no request code).
import { BlockList, isIP } from 'node:net'

// What TRUSTED_PROXIES is when unset: a proxy on this machine (HAProxy beside the servers).
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.0/8', '::1/128'] as const

interface Cidr {
  address: string
  prefix: number
  family: 'ipv4' | 'ipv6'
}

// '10.0.0.0/8', '2001:db8::/32' or a bare address (a /32 or /128); null when malformed.
export function parseCidr(value: string): Cidr | null {
  const [address = '', prefixText, ...rest] = value.trim().split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return null
  const family = version === 4 ? 'ipv4' : 'ipv6'
  const max = version === 4 ? 32 : 128
  if (prefixText === undefined) return { address, prefix: max, family }
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null
  return { address, prefix: Number(prefixText), family }
}

export function trustedProxyList(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const value of cidrs) {
    const cidr = parseCidr(value)
    if (!cidr) throw new Error(`"${value}" is not an address or CIDR range`)
    list.addSubnet(cidr.address, cidr.prefix, cidr.family)
  }
  return list
}
