import { SIGNATURE_HEADER } from '../delivery/headers.js'
import type { Environment } from '../types.js'
import { publicKeyPem, SIGNATURE_ALGORITHM, SIGNATURE_ENCODING } from './key-pair.js'
import type { SigningKeys } from './signing-keys.js'

/** The API's WebhookSigningKey. */
export interface SigningKeyView {
  environment: Environment
  algorithm: string
  /** Uncompressed SEC1 point, hex. */
  publicKey: string
  publicKeyPem: string
  signatureHeader: string
  signatureEncoding: string
}

/** What a platform needs to check the X-Service-Signature of its environment's webhooks. */
export function signingKeyView(keys: SigningKeys, environment: Environment): SigningKeyView {
  const publicKey = keys.publicKey(environment)
  return {
    environment,
    algorithm: SIGNATURE_ALGORITHM,
    publicKey: Buffer.from(publicKey).toString('hex'),
    publicKeyPem: publicKeyPem(publicKey),
    signatureHeader: SIGNATURE_HEADER,
    signatureEncoding: SIGNATURE_ENCODING,
  }
}
