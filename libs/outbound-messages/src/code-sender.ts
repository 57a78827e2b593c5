import { ApiError, notConfigured } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { withRetries, type RetryPolicy } from './retry.js'
import { DeliveryFailure, type EmailSender, type SmsSender } from './senders.js'
import { codeEmail, codeSms, type CodeMessage } from './templates.js'

export type CodeChannel = 'EMAIL' | 'SMS'

/** Sends one-time codes by email or SMS, each in the wording of its kind. */
export interface CodeSender {
  /** Resolves once the provider took the message; an ApiError otherwise (see `codeSender`). */
  send(channel: CodeChannel, to: string, message: CodeMessage): Promise<void>
  close(): void
}

/** The providers a deployment configured: either may be missing. */
export interface MessageSenders {
  email?: EmailSender | undefined
  sms?: SmsSender | undefined
}

/**
 * Codes through the configured providers, retried per `retry`. A channel without a provider is
 * 501 NOT_IMPLEMENTED naming the setting that enables it. A provider that stayed unavailable
 * through every attempt is 503 SERVICE_UNAVAILABLE (the client may ask for a new code later); one
 * that refused the message for good is 500 INTERNAL_ERROR, the deployment's to fix. The failure is
 * logged with what the provider answered, never with the code, the message or the address.
 */
export function codeSender(senders: MessageSenders, retry: RetryPolicy, logger: Logger): CodeSender {
  return {
    async send(channel, to, message) {
      const deliver = channel === 'EMAIL' ? emailOf(senders.email, to, message) : smsOf(senders.sms, to, message)
      try {
        await withRetries(retry, deliver)
      } catch (err) {
        if (!(err instanceof DeliveryFailure)) throw err
        logger.warn({ channel, kind: message.kind, retryable: err.retryable, provider: err.message }, 'a one-time code could not be delivered')
        const provider = channel === 'EMAIL' ? 'email' : 'SMS'
        if (err.retryable) throw new ApiError('SERVICE_UNAVAILABLE', `The ${provider} provider could not take the code; try again later`, { channel })
        throw new ApiError('INTERNAL_ERROR', `The ${provider} provider refused the code`, { channel })
      }
    },
    close: () => senders.email?.close(),
  }
}

function emailOf(sender: EmailSender | undefined, to: string, message: CodeMessage): () => Promise<void> {
  if (!sender) throw notConfigured('Email delivery (SMTP_HOST)')
  const email = codeEmail(to, message)
  return () => sender.send(email)
}

function smsOf(sender: SmsSender | undefined, to: string, message: CodeMessage): () => Promise<void> {
  if (!sender) throw notConfigured('SMS delivery (SMS_API_BASE_URL)')
  const body = codeSms(message)
  return () => sender.send({ to, body })
}
