import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLocalCa } from './certificates.js'

/** The settings that give a process its identity: the CA it trusts and its own certificate and key. */
export interface IdentityFiles {
  GRPC_TLS_CA_FILE: string
  GRPC_TLS_CERT_FILE: string
  GRPC_TLS_KEY_FILE: string
}

/**
 * Makes a fresh local CA and one certificate per name in `dir` (`ca.pem`, `<name>.pem`,
 * `<name>.key`, keys readable by the owner only) and returns each name's settings. The CA's own
 * key is not written: a new run makes a new CA, so certificates of an earlier run stop working.
 */
export async function writeLocalIdentities(dir: string, names: readonly string[]): Promise<Record<string, IdentityFiles>> {
  mkdirSync(dir, { recursive: true })
  const ca = await createLocalCa()
  const caFile = join(dir, 'ca.pem')
  writeFileSync(caFile, ca.cert)
  const issued = await Promise.all(names.map(async (name) => [name, await ca.sign(name)] as const))
  return Object.fromEntries(
    issued.map(([name, pem]) => {
      const files = { GRPC_TLS_CA_FILE: caFile, GRPC_TLS_CERT_FILE: join(dir, `${name}.pem`), GRPC_TLS_KEY_FILE: join(dir, `${name}.key`) }
      writeFileSync(files.GRPC_TLS_CERT_FILE, pem.cert)
      writeFileSync(files.GRPC_TLS_KEY_FILE, pem.key)
      chmodSync(files.GRPC_TLS_KEY_FILE, 0o600)
      return [name, files]
    }),
  )
}
