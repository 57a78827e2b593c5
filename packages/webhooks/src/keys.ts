import { createPublicKey, KeyObject } from 'node:crypto'

/**
 * A P-256 public key as the signing-key endpoint gives it (`publicKey`: SEC1 hex, uncompressed or
 * compressed; `publicKeyPem`: PEM SubjectPublicKeyInfo) or already imported.
 */
export type PublicKeyInput = string | KeyObject

// The DER SubjectPublicKeyInfo header of a P-256 key (id-ecPublicKey, prime256v1) before its
// SEC1 point, for a 65-byte uncompressed point and a 33-byte compressed one: wrapping the point
// lets OpenSSL import it, and check that it lies on the curve, with no curve arithmetic here.
const SPKI_PREFIX = {
  65: '3059301306072a8648ce3d020106082a8648ce3d030107034200',
  33: '3039301306072a8648ce3d020106082a8648ce3d030107032200',
} as const

// importing costs more than verifying, and a receiver sees the same one or two keys every time
const imported = new Map<string, KeyObject>()
const IMPORTED_MAX = 64

/** The key as a node:crypto KeyObject; throws a TypeError for anything that is not a P-256 public key. */
export function importPublicKey(input: PublicKeyInput): KeyObject {
  if (input instanceof KeyObject) return assertP256Public(input)
  if (typeof input !== 'string') throw new TypeError('A webhook signing key is a SEC1 hex string, a PEM string or a KeyObject')
  const text = input.trim()
  let key = imported.get(text)
  if (!key) {
    key = assertP256Public(text.startsWith('-----BEGIN') ? parse(() => createPublicKey(text)) : fromSec1Hex(text))
    if (imported.size >= IMPORTED_MAX) imported.clear()
    imported.set(text, key)
  }
  return key
}

function fromSec1Hex(hex: string): KeyObject {
  const point = /^(?:[0-9a-fA-F]{2})+$/.test(hex) ? Buffer.from(hex, 'hex') : undefined
  const prefix = point && (point.length === 65 || point.length === 33) ? SPKI_PREFIX[point.length] : undefined
  if (!point || !prefix) throw new TypeError('A SEC1 hex key is 65 bytes (04 || x || y) or 33 bytes (02/03 || x) of hex')
  return parse(() => createPublicKey({ key: Buffer.concat([Buffer.from(prefix, 'hex'), point]), format: 'der', type: 'spki' }))
}

function parse(importKey: () => KeyObject): KeyObject {
  try {
    return importKey()
  } catch (err) {
    throw new TypeError(`Not a valid P-256 public key: ${(err as Error).message}`)
  }
}

function assertP256Public(key: KeyObject): KeyObject {
  if (key.type !== 'public' || key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new TypeError('A webhook signing key is an EC public key on P-256')
  }
  return key
}
