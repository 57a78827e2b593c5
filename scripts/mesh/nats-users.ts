import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createUser, fromSeed } from '@nats-io/nkeys'

/** The gateway's user: it publishes the replicas' rate-limit reports only. */
export const GATEWAY_USER = 'gateway'
/** A user allowed everything, for tests and operators' tools (inspecting, deleting test consumers). */
export const ADMIN_USER = 'admin'

/** A mesh's NATS users: each one's nkey seed (`<user>.nk`) and the server's authorization block. */
export interface NatsUsers {
  dir: string
  /** nats-server configuration (`-c`) naming every user by its public nkey, with its permissions. */
  configFile: string
  /** Set when the configuration requires TLS (requireTls): the CA of the server's certificate, which every client trusts. */
  tlsCaFile?: string
}

/** A user's seed in a mesh's users folder. */
export const natsSeedFile = (users: Pick<NatsUsers, 'dir'>, user: string): string => join(users.dir, `${user}.nk`)

/**
 * What a service may publish: its own events, and the JetStream API of the EVENTS stream and its
 * consumers that it uses (no stream or consumer deletion, no other stream). Subscribing stays open:
 * events are not secret from the services, and replies come to each client's inbox.
 */
const servicePublishes = (service: string): string[] => [
  `events.${service}.>`,
  '$JS.API.INFO',
  '$JS.API.STREAM.INFO.EVENTS',
  '$JS.API.STREAM.CREATE.EVENTS',
  '$JS.API.STREAM.UPDATE.EVENTS',
  '$JS.API.CONSUMER.CREATE.EVENTS',
  '$JS.API.CONSUMER.CREATE.EVENTS.>',
  '$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.>',
  '$JS.API.CONSUMER.INFO.EVENTS.>',
  '$JS.API.CONSUMER.MSG.NEXT.EVENTS.>',
  '$JS.ACK.EVENTS.>',
]

const publishesOf = (user: string): string[] | undefined =>
  user === ADMIN_USER ? undefined : user === GATEWAY_USER ? ['ratelimit.gateway'] : servicePublishes(user)

/** The user's seed, made the first time (kept after, as the event keys are). */
function seedOf(users: Pick<NatsUsers, 'dir'>, user: string): string {
  const file = natsSeedFile(users, user)
  if (!existsSync(file)) writeFileSync(file, new TextDecoder().decode(createUser().getSeed()), { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

/**
 * An nkey user per service, the gateway and an admin in `dir`, and the nats-server configuration
 * that lets each publish only what it must. The configuration is JSON, which nats-server reads.
 */
export function ensureNatsUsers(dir: string, services: readonly string[]): NatsUsers {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const users = [...services, GATEWAY_USER, ADMIN_USER].map((user) => {
    const nkey = fromSeed(new TextEncoder().encode(seedOf({ dir }, user))).getPublicKey()
    const allowed = publishesOf(user)
    return allowed ? { nkey, permissions: { publish: { allow: allowed } } } : { nkey }
  })
  const configFile = join(dir, 'nats-users.conf')
  writeFileSync(configFile, JSON.stringify({ authorization: { users } }, null, 2))
  return { dir, configFile }
}

/** A NATS server's TLS files: the CA every client trusts it by (NATS_TLS_CA_FILE), and its certificate and key. */
export interface NatsServerCertificate {
  caFile: string
  certFile: string
  keyFile: string
}

// generous: the mesh's processes all connect at once on a machine that may be busy (nats-server's default is 2 s)
const TLS_HANDSHAKE_TIMEOUT_SECONDS = 5

/**
 * The users' server configuration with TLS required of every client (`<dir>/nats-server.conf`,
 * JSON as nats-server reads it), serving the certificate `server`: a client that does not speak
 * TLS, or does not trust the certificate's CA, is refused. The users' settings then carry that CA
 * (natsUserEnv).
 */
export function requireTls(users: NatsUsers, server: NatsServerCertificate): NatsUsers {
  const authorization = JSON.parse(readFileSync(users.configFile, 'utf8')) as object
  const tls = { cert_file: server.certFile, key_file: server.keyFile, timeout: TLS_HANDSHAKE_TIMEOUT_SECONDS }
  const configFile = join(users.dir, 'nats-server.conf')
  writeFileSync(configFile, JSON.stringify({ ...authorization, tls }, null, 2))
  return { ...users, configFile, tlsCaFile: server.caFile }
}

/** A process's settings for its own user, and the CA it trusts the server by when the server requires TLS. */
export const natsUserEnv = (users: NatsUsers, user: string): Record<string, string> => ({
  NATS_NKEY_SEED_FILE: natsSeedFile(users, user),
  ...(users.tlsCaFile && { NATS_TLS_CA_FILE: users.tlsCaFile }),
})
