import { sign } from 'node:crypto'
import { headers, type MsgHdrs } from '@nats-io/transport-node'
import { canonicalEnvelope } from './canonical.js'
import type { SigningKey } from './event-keys.js'

/** The headers beside the envelope: the payload stays the plain envelope every reader knows. */
export const KEY_ID_HEADER = 'Event-Key-Id'
export const SIGNATURE_HEADER = 'Event-Signature'

/** A message's headers carrying `envelope`'s signature by `key`. */
export function signedHeaders(key: SigningKey, envelope: object): MsgHdrs {
  const hdrs = headers()
  hdrs.set(KEY_ID_HEADER, key.keyId)
  hdrs.set(SIGNATURE_HEADER, sign(null, canonicalEnvelope(envelope), key.privateKey).toString('base64'))
  return hdrs
}
