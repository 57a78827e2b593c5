import type { CodeChannel, CodeMessage, CodeSender } from '@pp/outbound-messages'
import { describe, expect, it } from 'vitest'
import { productionContactCodes } from './contact-codes.js'

/** A sender that keeps what it was given. */
const recording = () => {
  const sent: { channel: CodeChannel; to: string; message: CodeMessage }[] = []
  const sender: CodeSender = { send: async (channel, to, message) => void sent.push({ channel, to, message }), close: () => {} }
  return { sent, sender }
}

describe('production contact codes', () => {
  it('sends a fresh six-digit code worded for its purpose, and answers the code it sent', async () => {
    const { sent, sender } = recording()
    const sendContactCode = productionContactCodes(sender)
    const codes = [
      await sendContactCode('EMAIL', 'a@example.com', { kind: 'CONTACT_VERIFICATION', validForMs: 600_000 }),
      await sendContactCode('PHONE', '+4915112345678', { kind: 'CONTACT_VERIFICATION', validForMs: 600_000 }),
      await sendContactCode('PHONE', '+4915112345678', { kind: 'SCA_CHALLENGE', validForMs: 300_000 }),
    ]
    expect(sent).toEqual([
      { channel: 'EMAIL', to: 'a@example.com', message: { kind: 'EMAIL_VERIFICATION', code: codes[0], validForMs: 600_000 } },
      { channel: 'SMS', to: '+4915112345678', message: { kind: 'PHONE_VERIFICATION', code: codes[1], validForMs: 600_000 } },
      { channel: 'SMS', to: '+4915112345678', message: { kind: 'SCA_CHALLENGE', code: codes[2], validForMs: 300_000 } },
    ])
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
  })

  it('answers no code when the provider did not take it', async () => {
    const failing: CodeSender = { send: async () => Promise.reject(new Error('down')), close: () => {} }
    await expect(productionContactCodes(failing)('EMAIL', 'a@example.com', { kind: 'CONTACT_VERIFICATION', validForMs: 1 })).rejects.toThrow('down')
  })
})
