/** One email, rendered: the plain-text and HTML bodies of the same message. */
export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** One SMS. */
export interface SmsMessage {
  to: string
  body: string
}

/** Delivers email through a provider (SMTP). Throws DeliveryFailure. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>
  close(): void
}

/** Delivers SMS through a provider (an HTTP API). Throws DeliveryFailure. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>
}

/**
 * A send the provider did not take. `retryable` when another attempt may succeed (the provider
 * was unreachable, timed out or answered a temporary failure); otherwise it refused the message
 * for good (authentication, a rejected recipient, a malformed request). `message` says what the
 * provider answered (a status, an SMTP reply code) and never carries the message's body.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'DeliveryFailure'
  }
}
