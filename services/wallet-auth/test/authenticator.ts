import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software WebAuthn authenticator with one ES256 (P-256) credential: it builds what a browser
 * hands back from navigator.credentials.create() (attestation 'none') and .get(), by hand.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16).toString('base64url')
  private readonly privateKey: KeyObject
  private readonly publicJwk: { x: string; y: string }
  /** The signature counter the next assertion reports (it increments before each one). */
  counter = 0

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = privateKey
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  }

  /** The registration body's `challenge` and `attestation` for a base64url challenge. */
  register(challenge: string, overrides: { origin?: string } = {}) {
    const clientData = { type: 'webauthn.create', challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }
    const credentialId = Buffer.from(this.credentialId, 'base64url')
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([FLAG_USER_PRESENT | FLAG_ATTESTED_CREDENTIAL]),
      uint32(0),
      Buffer.alloc(16),
      uint16(credentialId.length),
      credentialId,
      this.coseKey(),
    ])
    const attestationObject = cborMap([
      [cborText('fmt'), cborText('none')],
      [cborText('attStmt'), cborMap([])],
      [cborText('authData'), cborBytes(authData)],
    ])
    return {
      challenge,
      attestation: {
        credentialId: this.credentialId,
        clientDataJson: Buffer.from(JSON.stringify(clientData)).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
    }
  }

  /**
   * An assertion over the service's challenge (the UTF-8 bytes of its hex string, as a browser
   * passes `new TextEncoder().encode(challenge)`); `counter` overrides the reported counter.
   */
  assert(challenge: string, options: { counter?: number; origin?: string; userPresent?: boolean } = {}) {
    this.counter = options.counter ?? this.counter + 1
    const clientData = {
      type: 'webauthn.get',
      challenge: Buffer.from(challenge, 'utf8').toString('base64url'),
      origin: options.origin ?? this.origin,
      crossOrigin: false,
    }
    const clientDataJson = Buffer.from(JSON.stringify(clientData))
    const flags = options.userPresent === false ? 0 : FLAG_USER_PRESENT
    const authenticatorData = Buffer.concat([this.rpIdHash(), Buffer.from([flags]), uint32(this.counter)])
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJson)]), this.privateKey)
    return {
      credentialId: this.credentialId,
      clientDataJson: clientDataJson.toString('base64url'),
      authenticatorData: authenticatorData.toString('base64url'),
      signature: signature.toString('base64url'),
    }
  }

  private rpIdHash(): Buffer {
    return sha256(Buffer.from(this.rpId))
  }

  /** The credential public key as COSE_Key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2), y (-3). */
  private coseKey(): Buffer {
    return cborMap([
      [cborInt(1), cborInt(2)],
      [cborInt(3), cborInt(-7)],
      [cborInt(-1), cborInt(1)],
      [cborInt(-2), cborBytes(Buffer.from(this.publicJwk.x, 'base64url'))],
      [cborInt(-3), cborBytes(Buffer.from(this.publicJwk.y, 'base64url'))],
    ])
  }
}

const FLAG_USER_PRESENT = 0x01
const FLAG_ATTESTED_CREDENTIAL = 0x40

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest()

function uint16(value: number): Buffer {
  const buffer = Buffer.alloc(2)
  buffer.writeUInt16BE(value)
  return buffer
}

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}

// The few CBOR items WebAuthn needs (RFC 8949): small integers, byte and text strings, maps.
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  return Buffer.concat([Buffer.from([(major << 5) | 25]), uint16(length)])
}

const cborInt = (value: number): Buffer => (value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value))
const cborBytes = (bytes: Buffer): Buffer => Buffer.concat([cborHead(2, bytes.length), bytes])
function cborText(text: string): Buffer {
  const bytes = Buffer.from(text)
  return Buffer.concat([cborHead(3, bytes.length), bytes])
}

function cborMap(entries: [Buffer, Buffer][]): Buffer {
  return Buffer.concat([cborHead(5, entries.length), ...entries.flat()])
}
