import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { generateP256KeyPair, getPublicKey } from '@turnkey/crypto'

/**
 * The end user's device in the embedded-wallet flows, with real keys: P-256 key pairs as
 * @turnkey/crypto makes them, API-key stamps as @turnkey/api-key-stamper makes them, a software
 * WebAuthn authenticator and an OIDC issuer of its own.
 */
export interface DeviceKey {
  privateKey: string
  /** Compressed SEC1 hex, as the stamp carries it. */
  publicKey: string
  publicKeyUncompressed: string
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const base64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest()

export const newDeviceKey = (): DeviceKey => generateP256KeyPair()

/** The key pair of a private key the device received sealed (a session signing key). */
export const deviceKeyOf = (privateKey: string): DeviceKey => ({
  privateKey,
  publicKey: hex(getPublicKey(privateKey, true)),
  publicKeyUncompressed: hex(getPublicKey(privateKey, false)),
})

/** The Service-Wallet-Signature value: an API-key stamp over exactly `payloadToSign`. */
export async function stampWith(key: DeviceKey, payloadToSign: string): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey })
  return (await stamper.stamp(payloadToSign)).stampHeaderValue
}

export const sha256Hex = (text: string): string => sha256(text).toString('hex')

/** Minimal CBOR for attestation objects and COSE keys: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length])
    if (length < 256) return Buffer.from([(major << 5) | 24, length])
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  }
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

/**
 * A platform authenticator in software: one ES256 credential, attestation "none", user present
 * and verified, a signature counter that grows with every assertion.
 */
export class SoftwareAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  private readonly rawCredentialId = randomBytes(32)
  private signCount = 0

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  get credentialId(): string {
    return base64url(this.rawCredentialId)
  }

  /** navigator.credentials.create(): the attestation for POST /auth/credentials. */
  register(challenge: string) {
    const { x, y } = this.keys.publicKey.export({ format: 'jwk' })
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(x!, 'base64url')],
      [-3, Buffer.from(y!, 'base64url')],
    ])
    const idLength = Buffer.from([this.rawCredentialId.length >> 8, this.rawCredentialId.length & 0xff])
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.rawCredentialId, cbor(coseKey)])
    const authData = Buffer.concat([this.authenticatorData(0x45, 0), attested])
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin: this.origin, crossOrigin: false })
    return {
      credentialId: this.credentialId,
      clientDataJson: base64url(clientData),
      attestationObject: base64url(cbor({ fmt: 'none', attStmt: {}, authData })),
      transports: ['internal' as const],
    }
  }

  /** navigator.credentials.get() with the service's challenge string as the UTF-8 challenge bytes. */
  assert(challenge: string, signatureOverride?: string) {
    this.signCount += 1
    const authenticatorData = this.authenticatorData(0x05, this.signCount)
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge: base64url(challenge), origin: this.origin, crossOrigin: false })
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.keys.privateKey)
    return {
      credentialId: this.credentialId,
      clientDataJson: base64url(clientData),
      authenticatorData: base64url(authenticatorData),
      signature: signatureOverride ?? base64url(signature),
    }
  }

  private authenticatorData(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count])
  }
}

/** An OIDC provider of the test's own: ES256 ID tokens and the JWKS that verifies them. */
export class TestIssuer {
  readonly issuer = 'https://issuer.e2e.test'
  readonly audience = 'e2e-client'
  private readonly keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' })

  jwks() {
    return { keys: [{ ...this.keys.publicKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'ES256', use: 'sig' }] }
  }

  /** A fresh ID token for `sub`; `claims` override or add (nonce, a stale iat, another aud). */
  idToken(sub: string, claims: Record<string, unknown> = {}): string {
    const now = Math.floor(Date.now() / 1000)
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: 'e2e' }))
    const payload = base64url(JSON.stringify({ iss: this.issuer, aud: this.audience, sub, iat: now, exp: now + 600, email: `${sub}@example.com`, ...claims }))
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: this.keys.privateKey, dsaEncoding: 'ieee-p1363' })
    return `${header}.${payload}.${base64url(signature)}`
  }
}
