import { SIGNATURE_HEADER } from '../delivery/headers.js'
import type { Environment } from '../types.js'
import { publicKeyPem, SIGNATURE_ALGORITHM, SIGNATURE_ENCODING } from './key-pair.js'
import type { SigningKeys } from './signing-keys.js'

/** A key a rotation replaced: webhooks signed before the rotation still verify with it until `retiresAt`. */
export interface PreviousKeyView {
  publicKey: string
  publicKeyPem: string
  retiresAt: string
}

/** The API's WebhookSigningKey. */
export interface SigningKeyView {
  environment: Environment
  algorithm: string
  /** Uncompressed SEC1 point, hex. */
  publicKey: string
  publicKeyPem: string
  signatureHeader: string
  signatureEncoding: string
  /** Replaced keys not yet retired, newest first; empty when none. */
  previousKeys: PreviousKeyView[]
}

/** What a platform needs to check the X-Service-Signature of its environment's webhooks. */
export function signingKeyView(keys: SigningKeys, environment: Environment, now = new Date()): SigningKeyView {
  const publicKey = keys.publicKey(environment)
  return {
    environment,
    algorithm: SIGNATURE_ALGORITHM,
    publicKey: Buffer.from(publicKey).toString('hex'),
    publicKeyPem: publicKeyPem(publicKey),
    signatureHeader: SIGNATURE_HEADER,
    signatureEncoding: SIGNATURE_ENCODING,
    previousKeys: keys.previousKeys(environment, now).map((key) => ({
      publicKey: Buffer.from(key.publicKey).toString('hex'),
      publicKeyPem: publicKeyPem(key.publicKey),
      retiresAt: key.retiresAt.toISOString(),
    })),
  }
}
