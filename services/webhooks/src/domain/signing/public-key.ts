import type { Environment } from '../types.js'
import { publicKeyPem, SIGNATURE_ALGORITHM, SIGNATURE_ENCODING } from './key-pair.js'
import type { SigningKeys } from './signing-keys.js'

export interface PublicKeyView {
  environment: Environment
  algorithm: string
  publicKeyHex: string
  publicKeyPem: string
  signatureEncoding: string
}

/** What a platform needs to check the X-Service-Signature of its environment's webhooks. */
export function signingPublicKey(keys: SigningKeys, environment: Environment): PublicKeyView {
  const publicKey = keys.publicKey(environment)
  return {
    environment,
    algorithm: SIGNATURE_ALGORITHM,
    publicKeyHex: Buffer.from(publicKey).toString('hex'),
    publicKeyPem: publicKeyPem(publicKey),
    signatureEncoding: SIGNATURE_ENCODING,
  }
}
