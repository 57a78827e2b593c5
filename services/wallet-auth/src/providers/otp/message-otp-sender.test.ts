import type { CodeChannel, CodeMessage, CodeSender } from '@pp/outbound-messages'
import { describe, expect, it } from 'vitest'
import { messageOtpSender } from './message-otp-sender.js'

const tenant = { platformId: 'Platform:p', environment: 'PRODUCTION' as const }

describe('OTP codes through the message providers', () => {
  it('sends a sign-in code to the email or phone number of its channel, valid for the challenge lifetime', async () => {
    const sent: { channel: CodeChannel; to: string; message: CodeMessage }[] = []
    const codes: CodeSender = { send: async (channel, to, message) => void sent.push({ channel, to, message }), close: () => {} }
    const sender = messageOtpSender(codes, 300_000)
    const contact = { email: 'a@example.com', phoneNumber: '+14155550100' }
    await sender.send(tenant, 'EMAIL', contact, '123987')
    await sender.send(tenant, 'SMS', contact, '456321')
    expect(sent).toEqual([
      { channel: 'EMAIL', to: 'a@example.com', message: { kind: 'WALLET_LOGIN', code: '123987', validForMs: 300_000 } },
      { channel: 'SMS', to: '+14155550100', message: { kind: 'WALLET_LOGIN', code: '456321', validForMs: 300_000 } },
    ])
  })

  it('refuses a credential without the address of its channel, sending nothing', async () => {
    const codes: CodeSender = { send: async () => Promise.reject(new Error('sent')), close: () => {} }
    await expect(messageOtpSender(codes, 1).send(tenant, 'SMS', { email: 'a@example.com' }, '000001')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' })
  })
})
