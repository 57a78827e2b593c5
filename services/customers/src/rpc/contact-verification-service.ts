import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  ConfirmContactVerificationRequest,
  ConfirmContactVerificationResponse,
  ContactVerificationServiceServer,
  SendContactVerificationCodeRequest,
  SendContactVerificationCodeResponse,
} from '@pp/proto/customers/v1/contact_verification'
import { confirmContact } from '../domain/contact-verification/confirm-contact.js'
import { sendContactCode } from '../domain/contact-verification/send-contact-code.js'
import type { CustomersDeps } from '../domain/deps.js'

export function contactVerificationService(deps: CustomersDeps, logger: Logger): ContactVerificationServiceServer {
  return unaryService(logger, {
    async sendContactVerificationCode(request: SendContactVerificationCodeRequest, ctx): Promise<SendContactVerificationCodeResponse> {
      await sendContactCode(deps, callerOf(ctx), request.customerId, request.channel)
      return {}
    },
    async confirmContactVerification(request: ConfirmContactVerificationRequest, ctx): Promise<ConfirmContactVerificationResponse> {
      return { customerJson: JSON.stringify(await confirmContact(deps, callerOf(ctx), request)) }
    },
  })
}
