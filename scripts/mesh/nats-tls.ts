import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLocalCa } from '@pp/identity'
import { NATS_SERVER_IDENTITY } from './identities.js'
import type { NatsServerCertificate } from './nats-users.js'

/** How long a deployment's NATS server certificate, and the CA that signed it, are valid. */
const VALIDITY_DAYS = 365

/**
 * A CA and a NATS server certificate from it in `dir` (`ca.pem`, `nats-server.pem`,
 * `nats-server.key`, the key readable by its owner only), made the first time and kept after, as
 * the users' seeds are. The certificate names `nats`, localhost, 127.0.0.1 and `hostNames` (the
 * names clients dial the server by). The CA's key is not written: nothing else can be issued from
 * it, and renewing means a new CA (docs/operations.md).
 */
export async function ensureNatsServerCertificate(dir: string, hostNames: readonly string[]): Promise<NatsServerCertificate> {
  const files = { caFile: join(dir, 'ca.pem'), certFile: join(dir, 'nats-server.pem'), keyFile: join(dir, 'nats-server.key') }
  if (existsSync(files.certFile)) return files
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const ca = await createLocalCa(VALIDITY_DAYS)
  const server = await ca.sign(NATS_SERVER_IDENTITY, { dnsNames: [...hostNames], validityDays: VALIDITY_DAYS })
  writeFileSync(files.caFile, ca.cert)
  writeFileSync(files.keyFile, server.key, { mode: 0o600 })
  chmodSync(files.keyFile, 0o600)
  writeFileSync(files.certFile, server.cert)
  return files
}
