import type { WebhookSigningKey } from '@pp/contracts'
import { SIGNATURE_HEADER } from '../delivery/headers.js'
import type { Environment } from '../types.js'
import { publicKeyPem, SIGNATURE_ALGORITHM, SIGNATURE_ENCODING } from './key-pair.js'
import type { SigningKeys } from './signing-keys.js'

/** The API's WebhookSigningKey. */
export type SigningKeyView = WebhookSigningKey

/** What a platform needs to check the X-Service-Signature of its environment's webhooks. */
export function signingKeyView(keys: Pick<SigningKeys, 'publicKey' | 'previousKeys'>, environment: Environment, now = new Date()): SigningKeyView {
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
