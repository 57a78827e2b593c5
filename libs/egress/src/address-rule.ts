import { BlockList, isIP } from 'node:net'
import type { Environment } from '@pp/tenancy'

/** Whose URL is judged: its environment, and whether this deployment lets the sandbox reach loopback. */
export interface EgressRule {
  environment: Environment
  /** Local development only (WEBHOOK_LOOPBACK_ALLOWED): sandbox endpoints may be on this machine. */
  allowLoopback: boolean
}

/**
 * Which hosts a URL that a platform gives us (its webhook endpoint) may point the services at.
 * Public unicast addresses only, in both environments: sandbox webhooks leave from the same
 * deployment as production's, so a loopback, private or link-local address would reach the
 * operator's own hosts, network and cloud metadata service. One exception, for local development
 * alone (`pnpm start` and the tests, where receivers run on this machine): a deployment that says
 * so lets the sandbox reach loopback.
 */

type Range = [address: string, prefix: number]

/** Non-public ranges by what they are (the IANA special-purpose registries); the first match names the refusal. */
const NON_PUBLIC: [kind: string, ipv4: Range[], ipv6: Range[]][] = [
  ['loopback', [['127.0.0.0', 8]], [['::1', 128]]],
  ['unspecified', [['0.0.0.0', 8]], [['::', 128]]],
  ['private', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]], [['fc00::', 7]]],
  ['link-local', [['169.254.0.0', 16]], [['fe80::', 10]]],
  ['shared (CGNAT)', [['100.64.0.0', 10]], []],
  ['multicast', [['224.0.0.0', 4]], [['ff00::', 8]]],
  ['broadcast', [['255.255.255.255', 32]], []],
  ['documentation', [['192.0.2.0', 24], ['198.51.100.0', 24], ['203.0.113.0', 24]], [['2001:db8::', 32], ['3fff::', 20]]],
  // IETF protocol assignments, the 6to4 relay, benchmarking, class E; Teredo and 6to4, which embed an IPv4 address
  ['reserved', [['192.0.0.0', 24], ['192.88.99.0', 24], ['198.18.0.0', 15], ['240.0.0.0', 4]], [['2001::', 23], ['2002::', 16]]],
]

function blockListOf(ipv4: Range[], ipv6: Range[]): BlockList {
  const list = new BlockList()
  for (const [address, prefix] of ipv4) {
    list.addSubnet(address, prefix, 'ipv4')
    // the IPv4-mapped IPv6 form (::ffff:a.b.c.d) reaches the same host
    list.addSubnet(`::ffff:${address}`, 96 + prefix, 'ipv6')
  }
  for (const [address, prefix] of ipv6) list.addSubnet(address, prefix, 'ipv6')
  return list
}

const KINDS = NON_PUBLIC.map(([kind, ipv4, ipv6]) => ({ kind, list: blockListOf(ipv4, ipv6) }))
const GLOBAL_UNICAST_OR_MAPPED = blockListOf([['0.0.0.0', 0]], [['2000::', 3]])

/** What an IP address is when it is not public ('loopback', 'private', ...); undefined for a public unicast address. */
export function nonPublicKind(address: string): string | undefined {
  const family = isIP(address)
  if (family === 0) return 'invalid'
  const type = family === 4 ? 'ipv4' : 'ipv6'
  const match = KINDS.find(({ list }) => list.check(address, type))
  if (match) return match.kind
  return GLOBAL_UNICAST_OR_MAPPED.check(address, type) ? undefined : 'reserved'
}

const reachesLoopback = ({ environment, allowLoopback }: EgressRule): boolean => environment === 'SANDBOX' && allowLoopback

/** Whether the rule lets a URL reach an address of this kind (see the rule above). */
export const mayReach = (kind: string | undefined, rule: EgressRule): boolean => kind === undefined || (kind === 'loopback' && reachesLoopback(rule))

const LOOPBACK_NAME = /(^|\.)localhost$/
// private-use and link-local DNS suffixes; metadata.google.internal is one of them
const INTERNAL_NAME = /(^|\.)(internal|local|localdomain|home\.arpa)$/

/** A URL's host as the resolver and the socket take it: without IPv6 brackets and a trailing dot, lower case. */
export const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase()

/**
 * Why the rule does not let a URL reach `hostname` by its name alone (an IP literal is judged as
 * an address), or undefined when its resolved addresses decide.
 */
export function hostnameRefusal(hostname: string, rule: EgressRule): string | undefined {
  const host = bareHost(hostname)
  if (isIP(host)) {
    const kind = nonPublicKind(host)
    return mayReach(kind, rule) ? undefined : `${host} is a ${kind} address`
  }
  if (LOOPBACK_NAME.test(host)) return reachesLoopback(rule) ? undefined : `${host} names the loopback interface`
  if (INTERNAL_NAME.test(host)) return `${host} is an internal name`
  // a name without a dot is completed by the local resolver's search domains, inside the deployment
  if (!host.includes('.')) return `${host} is not a fully qualified domain name`
  return undefined
}

/** Production webhooks are signed money messages: they travel encrypted, never over plain http. */
export const schemeRefusal = (url: URL, { environment }: EgressRule): string | undefined =>
  environment === 'PRODUCTION' && url.protocol !== 'https:' ? 'a production endpoint must use https' : undefined
