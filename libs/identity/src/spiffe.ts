/**
 * Every process of the mesh proves who it is with a certificate naming it by a SPIFFE id,
 * `spiffe://payments-platform/<name>`: a service by its folder name, plus `gateway` and `admin`
 * (the operator CLI). Servers authorize calls by that name, never by a host name or an address.
 */
export const TRUST_DOMAIN = 'payments-platform'

const SPIFFE_PREFIX = `spiffe://${TRUST_DOMAIN}/`
const NAME = /^[a-z][a-z0-9-]*$/

export const spiffeIdOf = (name: string): string => {
  if (!NAME.test(name)) throw new Error(`not an identity name: ${name}`)
  return `${SPIFFE_PREFIX}${name}`
}

/**
 * The identity a peer certificate names, from Node's `subjectaltname` string
 * (`DNS:ledger, URI:spiffe://payments-platform/ledger`); undefined when it names none of this
 * trust domain or more than one, which a certificate of ours never does.
 */
export function identityFromSubjectAltName(subjectAltName: string | undefined): string | undefined {
  const names = (subjectAltName ?? '')
    .split(', ')
    .filter((entry) => entry.startsWith(`URI:${SPIFFE_PREFIX}`))
    .map((entry) => entry.slice(`URI:${SPIFFE_PREFIX}`.length))
  return names.length === 1 && NAME.test(names[0]!) ? names[0] : undefined
}

/** The operator CLI's identity (tools/admin): the only one served on a service's operator port. */
export const ADMIN_IDENTITY = 'admin'

/** The gateway's identity: the one process that acts for a platform on a tenant token it signed (@pp/grpc). */
export const GATEWAY_IDENTITY = 'gateway'
