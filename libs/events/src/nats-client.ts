import { readFileSync } from 'node:fs'
import { credsAuthenticator, nkeyAuthenticator, type ConnectionOptions } from '@nats-io/transport-node'

/** The NATS settings of libs/config's base config. */
export interface NatsClientSettings {
  NODE_ENV: string
  NATS_NKEY_SEED_FILE?: string
  NATS_CREDS_FILE?: string
  NATS_TLS_CA_FILE?: string
}

/** Who a process is on NATS (its own user) and which server it trusts (TLS). */
export type NatsClientOptions = Pick<ConnectionOptions, 'authenticator' | 'tls'>

/**
 * The connection options of the settings, their files read once at start. Each process connects as
 * a user of its own, which the server lets publish on its own subjects only, so a credential that
 * leaks speaks for one service. Outside production a process may connect without (the shared
 * development NATS has no users); a production process refuses to start without.
 */
export function natsClientOptionsOf(settings: NatsClientSettings): NatsClientOptions {
  const { NATS_NKEY_SEED_FILE: seedFile, NATS_CREDS_FILE: credsFile, NATS_TLS_CA_FILE: caFile } = settings
  if (seedFile && credsFile) throw new Error('set NATS_NKEY_SEED_FILE or NATS_CREDS_FILE, not both')
  if (!seedFile && !credsFile && settings.NODE_ENV === 'production') {
    throw new Error('NATS_NKEY_SEED_FILE or NATS_CREDS_FILE must be set in production: every process connects to NATS as a user of its own')
  }
  const authenticator = seedFile
    ? nkeyAuthenticator(new TextEncoder().encode(readFileSync(seedFile, 'utf8').trim()))
    : credsFile && credsAuthenticator(readFileSync(credsFile))
  return { ...(authenticator && { authenticator }), ...(caFile && { tls: { caFile } }) }
}
