import { ApiError, notConfigured } from '@pp/errors'
import { newOneTimeCode } from '@pp/outbound-messages'
import { isSandbox, type CustomerContact, type Tenant } from '../types.js'

export type OtpChannel = 'EMAIL' | 'SMS'

/** A provider that delivers one-time codes by email or SMS (production only). */
export interface OtpSender {
  send(tenant: Tenant, channel: OtpChannel, contact: CustomerContact, code: string): Promise<void>
}

/** Sandbox "sends" nothing and the code is always this one. */
export const SANDBOX_OTP_CODE = '000000'

/** A code chosen for a challenge, and how to deliver it once the challenge is stored. */
export interface OtpDelivery {
  code: string
  send(): Promise<void>
}

/**
 * Picks the code of a fresh OTP challenge. Production draws a random code and needs a configured
 * provider; without one it fails rather than pretending to have sent anything.
 */
export function prepareOtp(sender: OtpSender | undefined, tenant: Tenant, channel: OtpChannel, contact: CustomerContact): OtpDelivery {
  if (isSandbox(tenant)) return { code: SANDBOX_OTP_CODE, send: async () => {} }
  if (!sender) throw notConfigured('Production OTP delivery')
  const code = newOneTimeCode()
  return { code, send: () => sender.send(tenant, channel, contact, code) }
}
