import { createHmac } from 'node:crypto'
import { SoftwareAuthenticator } from './wallet-device.js'

/**
 * The customer's devices in the strong-customer-authentication flows: an authenticator app that
 * computes RFC 6238 codes itself (so a code the service accepts is a real one), and a passkey whose
 * WebAuthn answers are the standard JSON a browser's credential gives (what the reference relays).
 */

/** RFC 6238 with the RFC's defaults (HMAC-SHA-1, 30-second steps, 6 digits) over the hex seed. */
export function totpCode(secretHex: string, at = Date.now()): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)))
  const mac = createHmac('sha1', Buffer.from(secretHex, 'hex')).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

/** RFC 4648 base32 of the hex seed, as an authenticator app reads it from the provisioning URI. */
export function base32Of(secretHex: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const byte of Buffer.from(secretHex, 'hex')) bits += byte.toString(2).padStart(8, '0')
  let out = ''
  for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)]
  return out
}

export const WEBAUTHN_ORIGIN = 'http://localhost:3000'

/** A PublicKeyCredential as its toJSON() gives it. */
const credentialJson = (id: string, response: Record<string, unknown>) => ({ id, rawId: id, type: 'public-key', response, clientExtensionResults: {} })

/** A passkey on the customer's device, answering with PublicKeyCredential JSON. */
export class Passkey {
  private readonly authenticator = new SoftwareAuthenticator('localhost', WEBAUTHN_ORIGIN)

  get credentialId(): string {
    return this.authenticator.credentialId
  }

  /** navigator.credentials.create() with the enrolment options: RegistrationResponseJSON. */
  register(options: { challenge: string }) {
    const made = this.authenticator.register(options.challenge)
    return credentialJson(made.credentialId, { clientDataJSON: made.clientDataJson, attestationObject: made.attestationObject, transports: made.transports })
  }

  /** navigator.credentials.get() with request options: AuthenticationResponseJSON. */
  assert(options: { challenge: string }, signatureOverride?: string) {
    // the options carry the challenge's bytes as base64url; the authenticator takes them as text
    const made = this.authenticator.assert(Buffer.from(options.challenge, 'base64url').toString('utf8'), signatureOverride)
    return credentialJson(made.credentialId, { clientDataJSON: made.clientDataJson, authenticatorData: made.authenticatorData, signature: made.signature })
  }
}
