import { randomBytes } from 'node:crypto'
import { ScureBase32Plugin, generateURI, verify } from 'otplib'

/** The sandbox code that verifies for SMS and TOTP (a real RFC 6238 code verifies as well). */
export const SANDBOX_SCA_CODE = '123456'

const ISSUER = 'Payments Platform'
const base32 = new ScureBase32Plugin()

export interface TotpSecret {
  /** The seed as hex: the reference's raw `secret`, threaded back on confirm. */
  raw: string
  base32: string
}

/** A fresh 160-bit seed (RFC 4226's recommended length). */
export function newTotpSecret(): TotpSecret {
  const seed = randomBytes(20)
  return { raw: seed.toString('hex'), base32: base32.encode(seed) }
}

export const totpSecretFromRaw = (raw: string): TotpSecret => ({ raw, base32: base32.encode(Buffer.from(raw, 'hex')) })

export const isTotpSecret = (raw: string): boolean => /^[0-9a-f]{40}$/.test(raw)

export const totpUri = (secret: TotpSecret, label: string): string => generateURI({ issuer: ISSUER, label, secret: secret.base32 })

/** RFC 6238 (SHA-1, 6 digits, 30 s steps), one step of clock drift either way; 123456 too in sandbox. */
export async function isValidTotpCode(secret: TotpSecret, code: string, sandbox: boolean): Promise<boolean> {
  if (sandbox && code === SANDBOX_SCA_CODE) return true
  if (!/^\d{6}$/.test(code)) return false
  return (await verify({ secret: secret.base32, token: code, epochTolerance: 30 })).valid
}
