import { newOneTimeCode, type CodeMessageKind, type CodeSender } from '@pp/outbound-messages'
import type { ContactCodePurpose, VerificationProvider } from '../../domain/deps.js'
import type { ContactChannel } from '../../domain/verification/contact-channels.js'

const kindOf = (channel: ContactChannel, purpose: ContactCodePurpose): CodeMessageKind => {
  if (purpose.kind === 'SCA_CHALLENGE') return 'SCA_CHALLENGE'
  return channel === 'EMAIL' ? 'EMAIL_VERIFICATION' : 'PHONE_VERIFICATION'
}

/**
 * Production contact codes: a random six-digit code, sent by email or SMS through the deployment's
 * providers (@pp/outbound-messages), and answered only once the provider took it.
 */
export function productionContactCodes(codes: CodeSender): VerificationProvider['sendContactCode'] {
  return async (channel, to, purpose) => {
    const code = newOneTimeCode()
    await codes.send(channel === 'EMAIL' ? 'EMAIL' : 'SMS', to, { kind: kindOf(channel, purpose), code, validForMs: purpose.validForMs })
    return code
  }
}
