import { promises as dns, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { bareHost, hostnameRefusal, mayReach, nonPublicKind, schemeRefusal, type EgressRule } from './address-rule.js'

/** Every address of a host name, as `dns.lookup` with `all: true` answers (tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>

export const resolveHost: ResolveHost = (hostname) => dns.lookup(hostname, { all: true })

/** A resolver answering from `table` instead of DNS (tests); any other name fails ENOTFOUND, as DNS would. */
export function tableResolver(table: Record<string, string[]>): ResolveHost {
  return async (hostname) => {
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: isIP(address) }))
  }
}

/** A host the rule does not let a URL reach; `message` says why. */
export class EgressRefusedError extends Error {
  readonly code = 'EGRESS_REFUSED'
}

/**
 * The addresses of `hostname`, when the rule lets a URL reach every one of them; otherwise
 * EgressRefusedError naming the first refused address. A resolver failure (ENOTFOUND, ...) passes
 * through unchanged.
 */
export async function reachableAddresses(hostname: string, rule: EgressRule, resolve: ResolveHost = resolveHost): Promise<LookupAddress[]> {
  const host = bareHost(hostname)
  const byName = hostnameRefusal(host, rule)
  if (byName) throw new EgressRefusedError(byName)
  const family = isIP(host)
  if (family !== 0) return [{ address: host, family }]
  const addresses = await resolve(host)
  for (const { address } of addresses) {
    const kind = nonPublicKind(address)
    if (!mayReach(kind, rule)) throw new EgressRefusedError(`${host} resolves to ${address}, a ${kind} address`)
  }
  return addresses
}

/**
 * The `lookup` of an http(s) agent that connects only where the rule lets it reach. The socket
 * connects to the very addresses checked here, so a name answering a public address to a check and
 * a private one to the connect (DNS rebinding) gains nothing. Node skips `lookup` for an IP literal:
 * callers judge those first with `hostnameRefusal`.
 */
export function checkedLookup(rule: EgressRule, resolve: ResolveHost = resolveHost): LookupFunction {
  return (hostname, options, callback) => {
    reachableAddresses(hostname, rule, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses
        if (options.all) return callback(null, wanted)
        const [first] = wanted
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '')
        callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    )
  }
}

/**
 * Why `url` may not be configured as an endpoint, or undefined when it may. Production's must be
 * https and its host must resolve now; a sandbox name that does not resolve yet is accepted,
 * since each delivery checks its addresses again.
 */
export async function endpointRefusal(url: URL, rule: EgressRule, resolve: ResolveHost = resolveHost): Promise<string | undefined> {
  const byScheme = schemeRefusal(url, rule)
  if (byScheme) return byScheme
  try {
    await reachableAddresses(url.hostname, rule, resolve)
    return undefined
  } catch (err) {
    if (err instanceof EgressRefusedError) return err.message
    if (rule.environment === 'SANDBOX') return undefined
    return `${bareHost(url.hostname)} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`
  }
}
