import type { EmailMessage } from './senders.js'

/** What a one-time code is for: each kind has its own wording. */
export type CodeMessageKind = 'WALLET_LOGIN' | 'EMAIL_VERIFICATION' | 'PHONE_VERIFICATION' | 'SCA_CHALLENGE'

/** A code to send and how long it can be used. */
export interface CodeMessage {
  kind: CodeMessageKind
  code: string
  validForMs: number
}

interface Wording {
  subject: string
  /** What the code does, completing "Your code to … is". */
  purpose: string
}

const WORDING: Record<CodeMessageKind, Wording> = {
  WALLET_LOGIN: { subject: 'Your sign-in code', purpose: 'sign in to your wallet' },
  EMAIL_VERIFICATION: { subject: 'Verify your email address', purpose: 'verify your email address' },
  PHONE_VERIFICATION: { subject: 'Verify your phone number', purpose: 'verify your phone number' },
  SCA_CHALLENGE: { subject: 'Your confirmation code', purpose: 'confirm your request' },
}

/** Whole minutes, rounded up so the message never promises more time than the code has. */
export const minutesOf = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000))

const expiryText = (ms: number): string => {
  const minutes = minutesOf(ms)
  return `It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

const NOT_YOU = 'If you did not ask for it, ignore this message; never share the code with anyone.'

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The email of a code: plain text and a simple HTML version saying the same. */
export function codeEmail(to: string, message: CodeMessage): EmailMessage {
  const { subject, purpose } = WORDING[message.kind]
  const lead = `Your code to ${purpose} is:`
  const expiry = expiryText(message.validForMs)
  return {
    to,
    subject,
    text: `${lead}\n\n${message.code}\n\n${expiry}\n\n${NOT_YOU}\n`,
    html: [
      '<!doctype html><html><body style="font-family:sans-serif">',
      `<p>${escapeHtml(lead)}</p>`,
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(message.code)}</p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p style="color:#666">${escapeHtml(NOT_YOU)}</p>`,
      '</body></html>',
    ].join('\n'),
  }
}

/** The SMS of a code: one short line. */
export function codeSms(message: CodeMessage): string {
  const { purpose } = WORDING[message.kind]
  return `${message.code} is your code to ${purpose}. ${expiryText(message.validForMs)} Do not share it.`
}
