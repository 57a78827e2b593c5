import { hexToBytes } from '@noble/curves/utils.js'
import { newId } from '@pp/ids'
import { otpTargetBundle } from '../../crypto/bundles.js'
import { generateP256KeyPair } from '../../crypto/p256.js'
import type { AuthMethod } from '../../db/auth-methods.db.js'
import type { Tx } from '../../db/client.js'
import { insertOtpChallenge } from '../../db/otp-challenges.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import type { Tenant } from '../types.js'
import { prepareOtp } from './otp-sender.js'

/**
 * Issues an OTP challenge for an EMAIL_OTP or SMS_OTP credential: a fresh P-256 target key (its
 * private half kept encrypted), the digest of the code, then delivery; answers the
 * otpEncryptionTargetBundle. Delivery runs last inside the caller's transaction, so a failed
 * delivery leaves nothing behind.
 */
export async function issueOtpChallenge(
  deps: Pick<WalletAuthDeps, 'now' | 'box' | 'bundleSigningKey' | 'otpSender' | 'lifetimes'>,
  tx: Tx,
  tenant: Tenant,
  method: AuthMethod,
): Promise<string> {
  const channel = method.type === 'EMAIL_OTP' ? 'EMAIL' : 'SMS'
  const delivery = prepareOtp(deps.otpSender, tenant, channel, {
    email: method.email ?? undefined,
    phoneNumber: method.phoneNumber ?? undefined,
  })
  const target = generateP256KeyPair()
  const now = deps.now()
  await insertOtpChallenge(tx, {
    id: newId('Request'),
    authMethodId: method.id,
    targetPrivateKey: deps.box.seal(hexToBytes(target.privateKey)),
    codeDigest: sha256Hex(delivery.code),
    expiresAt: new Date(now.getTime() + deps.lifetimes.otpChallengeMs),
    createdAt: now,
  })
  await delivery.send()
  return otpTargetBundle(deps.bundleSigningKey, target.publicKey)
}
