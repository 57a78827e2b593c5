import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** A producer's Ed25519 private key, with the id that tells consumers which public key checks it. */
export interface SigningKey {
  keyId: string
  privateKey: KeyObject
}

/**
 * The public keys a consumer believes, by source and key id. Several ids per source let a
 * producer move to a new key while events signed with the old one are still being consumed.
 */
export type VerifyKeys = (source: string) => ReadonlyMap<string, KeyObject> | undefined

const spkiOf = (publicKey: KeyObject): Buffer => publicKey.export({ type: 'spki', format: 'der' })

/** Derived from the public key, so an id can never name two keys and needs no configuring. */
export const keyIdOf = (publicKey: KeyObject): string => createHash('sha256').update(spkiOf(publicKey)).digest('base64url').slice(0, 16)

/** How a public key is written in a verify-keys file: its SPKI DER in base64. */
export const publicKeyText = (publicKey: KeyObject): string => spkiOf(publicKey).toString('base64')

const signingKeyOf = (privateKey: KeyObject): SigningKey => {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('an event signing key must be an Ed25519 key')
  return { keyId: keyIdOf(createPublicKey(privateKey)), privateKey }
}

/** EVENT_SIGNING_KEY_FILE: a PEM (PKCS#8) Ed25519 private key, as `openssl genpkey -algorithm ed25519` writes. */
export const readSigningKey = (file: string): SigningKey => signingKeyOf(createPrivateKey(readFileSync(file)))

/**
 * EVENT_VERIFY_KEYS_FILE: JSON of each producer's public keys, `{"ledger": ["MCowBQYDK2VwAyEA…"], …}`
 * (`publicKeyText`). Read and parsed once, at start: verifying an event is then a map lookup.
 */
export function readVerifyKeys(file: string): VerifyKeys {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file}: expected {"<source>": ["<public key>", …]}`)
  const bySource = new Map<string, Map<string, KeyObject>>()
  for (const [source, texts] of Object.entries(parsed)) {
    if (!Array.isArray(texts) || !texts.every((text) => typeof text === 'string')) throw new Error(`${file}: the keys of ${source} are not a list of strings`)
    const keys = texts.map((text: string) => createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' }))
    if (keys.some((key) => key.asymmetricKeyType !== 'ed25519')) throw new Error(`${file}: a key of ${source} is not an Ed25519 key`)
    bySource.set(source, new Map(keys.map((key) => [keyIdOf(key), key])))
  }
  return (source) => bySource.get(source)
}

// the PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * Development only, so that `pnpm start`, the tests and a service run alone work without key
 * files: a key derived from the service's name, which anyone reading this code can derive too.
 * A production process refuses to start without key files (`signingKeyOf`).
 */
export function developmentSigningKey(service: string): SigningKey {
  const seed = createHash('sha256').update(`payments-platform development event key ${service}`).digest()
  return signingKeyOf(createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' }))
}

const SOURCE_NAME = /^[a-z][a-z0-9-]{0,62}$/

/** The development keys of every source name (derived on first use, then kept). */
export function developmentVerifyKeys(): VerifyKeys {
  const bySource = new Map<string, ReadonlyMap<string, KeyObject>>()
  return (source) => {
    if (!SOURCE_NAME.test(source)) return undefined
    let keys = bySource.get(source)
    if (!keys) {
      const { keyId, privateKey } = developmentSigningKey(source)
      keys = new Map([[keyId, createPublicKey(privateKey)]])
      bySource.set(source, keys)
    }
    return keys
  }
}
