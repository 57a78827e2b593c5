import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { publicKeyText } from '@pp/events'
import { GATEWAY_IDENTITY } from '@pp/identity'

/** Where a mesh's event keys are: each service's private key and the verify set of them all. */
export interface EventKeyFiles {
  dir: string
  verifyKeysFile: string
}

/** A service's private key in a mesh's key folder. */
export const signingKeyFile = (files: Pick<EventKeyFiles, 'dir'>, service: string): string => join(files.dir, `${service}.pem`)

/**
 * An Ed25519 event-signing key per service and one for the gateway (it signs the tenant token of
 * each request, @pp/grpc) in `dir`, and the verify set of their public keys that every process reads. Keys already there are kept, so a restarted `pnpm start` still believes
 * the events its earlier run left in the stream; a service new to the list gets one. The verify
 * set names every key in the folder, so a tool may add a producer of its own (the bench does).
 */
export function ensureEventKeys(dir: string, services: readonly string[]): EventKeyFiles {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const service of [...services, GATEWAY_IDENTITY]) {
    const file = signingKeyFile({ dir }, service)
    if (!existsSync(file)) writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  }
  const producers = readdirSync(dir).filter((name) => name.endsWith('.pem')).map((name) => name.slice(0, -'.pem'.length))
  const verifyKeys = Object.fromEntries(
    producers.map((producer) => [producer, [publicKeyText(createPublicKey(createPrivateKey(readFileSync(signingKeyFile({ dir }, producer)))))]]),
  )
  const verifyKeysFile = join(dir, 'verify-keys.json')
  writeFileSync(verifyKeysFile, JSON.stringify(verifyKeys, null, 2))
  return { dir, verifyKeysFile }
}

/** A process's settings for them: `signer` (a service, or the gateway) signs with its own key; every process verifies. */
export const eventKeyEnv = (files: EventKeyFiles, signer: string): Record<string, string> => ({
  EVENT_VERIFY_KEYS_FILE: files.verifyKeysFile,
  EVENT_SIGNING_KEY_FILE: signingKeyFile(files, signer),
})
