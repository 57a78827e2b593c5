import { DeliveryFailure, type SmsMessage, type SmsSender } from './senders.js'

/** An SMS API account: where its API is, the account and its token, and the number (or name) messages come from. */
export interface SmsApiSettings {
  baseUrl: string
  accountId: string
  authToken: string
  sender: string
  /** How long one request may take. */
  timeoutMs: number
}

/**
 * SMS through an HTTP API in the shape most providers share (Twilio's and its look-alikes): a
 * form-encoded POST of To, From and Body to {baseUrl}/Accounts/{accountId}/Messages.json, with the
 * account and its token as HTTP Basic credentials. 2xx is sent; 429 and 5xx (and no answer) may
 * pass on another attempt; any other 4xx is a refusal another attempt would get again. The
 * answer's body is not read into errors: a provider may echo the message, and so the code, in it.
 */
export function httpSmsSender(settings: SmsApiSettings): SmsSender {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(settings.accountId)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountId}:${settings.authToken}`).toString('base64')}`
  return {
    async send(message: SmsMessage): Promise<void> {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: message.to, From: settings.sender, Body: message.body }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        })
      } catch (err) {
        throw new DeliveryFailure(`the SMS API did not answer (${(err as Error).name})`, true)
      }
      // the body is drained so the connection is reused, never kept
      await response.arrayBuffer().catch(() => undefined)
      if (response.ok) return
      const retryable = response.status === 429 || response.status >= 500
      throw new DeliveryFailure(`the SMS API answered HTTP ${response.status}`, retryable)
    },
  }
}
