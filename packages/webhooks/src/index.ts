export { WebhookVerificationError, type WebhookVerificationErrorCode } from './errors.js'
export { importPublicKey, type PublicKeyInput } from './keys.js'
export { createSeenIds, type SeenIds } from './seen-ids.js'
export { SIGNATURE_HEADER, type HeadersInput } from './signature.js'
export {
  fetchSigningKeys,
  signingKeys,
  type FetchSigningKeysOptions,
  type PreviousSigningKey,
  type SigningKeyAnswer,
} from './signing-keys.js'
export { verifyWebhook, type VerifyWebhookOptions, type Webhook } from './verify.js'
