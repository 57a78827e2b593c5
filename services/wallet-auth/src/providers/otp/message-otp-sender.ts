import { ApiError } from '@pp/errors'
import type { CodeSender } from '@pp/outbound-messages'
import type { OtpSender } from '../../domain/otp/otp-sender.js'

/**
 * Production OTP codes by email or SMS through the deployment's providers (@pp/outbound-messages),
 * worded as a sign-in code valid for the challenge's lifetime (OTP_CHALLENGE_TTL_MS).
 */
export function messageOtpSender(codes: CodeSender, validForMs: number): OtpSender {
  return {
    async send(_tenant, channel, contact, code) {
      const to = channel === 'EMAIL' ? contact.email : contact.phoneNumber
      // a credential is registered with its address, so none here is a fault of ours
      if (!to) throw new ApiError('INTERNAL_ERROR', `The OTP credential has no ${channel === 'EMAIL' ? 'email' : 'phone number'} to send its code to`)
      await codes.send(channel, to, { kind: 'WALLET_LOGIN', code, validForMs })
    },
  }
}
