import { hexToBytes } from '@noble/curves/utils.js'
import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { otpTargetBundle } from '../../crypto/bundles.js'
import { generateP256KeyPair } from '../../crypto/p256.js'
import type { Tx } from '../../db/client.js'
import { countOtpChallengesSince, insertOtpChallenge } from '../../db/otp-challenges.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { otpTargetKeyBinding, sealBytes } from '../secrets/wallet-sealing.js'
import type { Tenant } from '../types.js'
import { prepareOtp } from './otp-sender.js'
import type { AuthMethod } from '../credentials/types.js'

const HOUR_MS = 3_600_000

/**
 * Issues an OTP challenge for an EMAIL_OTP or SMS_OTP credential: a fresh P-256 target key (its
 * private half kept encrypted), the HMAC of the code, then delivery; answers the
 * otpEncryptionTargetBundle. Delivery runs last inside the caller's transaction, so a failed
 * delivery leaves nothing behind. 429 RATE_LIMITED past OTP_CHALLENGES_PER_HOUR codes in an hour:
 * each challenge allows a few attempts, so the codes sent bound the guesses at a credential.
 */
export async function issueOtpChallenge(
  deps: Pick<WalletAuthDeps, 'now' | 'sealing' | 'bundleSigningKey' | 'otpSender' | 'lifetimes' | 'otp'>,
  tx: Tx,
  tenant: Tenant,
  method: AuthMethod,
): Promise<string> {
  const now = deps.now()
  await refuseBeyondHourlyCap(deps, tx, method.id, now)
  const channel = method.type === 'EMAIL_OTP' ? 'EMAIL' : 'SMS'
  const delivery = prepareOtp(deps.otpSender, tenant, channel, {
    email: method.email ?? undefined,
    phoneNumber: method.phoneNumber ?? undefined,
  })
  const target = generateP256KeyPair()
  const id = newId('Request')
  const sealed = sealBytes(deps.sealing, otpTargetKeyBinding(id), hexToBytes(target.privateKey))
  await insertOtpChallenge(tx, {
    id,
    authMethodId: method.id,
    targetPrivateKey: sealed.ciphertext,
    sealingKeyId: sealed.sealingKeyId,
    codeDigest: deps.otp.codes.digest(id, delivery.code),
    expiresAt: new Date(now.getTime() + deps.lifetimes.otpChallengeMs),
    createdAt: now,
  })
  await delivery.send()
  return otpTargetBundle(deps.bundleSigningKey, target.publicKey)
}

async function refuseBeyondHourlyCap(deps: Pick<WalletAuthDeps, 'otp'>, tx: Tx, authMethodId: string, now: Date): Promise<void> {
  const cap = deps.otp.challengesPerHour
  const { count, oldestAt } = await countOtpChallengesSince(tx, authMethodId, new Date(now.getTime() - HOUR_MS))
  if (count < cap) return
  // the cap frees a place when the oldest challenge of the hour leaves it
  const retryAfterSeconds = Math.max(1, Math.ceil(((oldestAt ?? now).getTime() + HOUR_MS - now.getTime()) / 1000))
  throw new ApiError('RATE_LIMITED', `At most ${cap} OTP codes may be sent to a credential in an hour`, { retryAfterSeconds })
}
