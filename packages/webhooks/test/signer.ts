import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto'

/** A P-256 key pair made here, as the platform's webhooks service holds one, in every public format. */
export function newSigner() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const spki = publicKey.export({ type: 'spki', format: 'der' })
  const point = spki.subarray(spki.length - 65) // 04 || x || y
  const compressed = Buffer.concat([Buffer.from([point[64]! & 1 ? 3 : 2]), point.subarray(1, 33)])
  return {
    keyObject: publicKey as KeyObject,
    hex: point.toString('hex'),
    compressedHex: compressed.toString('hex'),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    /** X-Service-Signature of these exact bytes, as the webhooks service signs. */
    sign: (body: string | Buffer) => sign('sha256', Buffer.from(body), { key: privateKey, dsaEncoding: 'der' }).toString('base64'),
  }
}

export type Signer = ReturnType<typeof newSigner>

/** A webhook body as the webhooks service writes it. */
export const webhookBody = (fields: { id?: string; type?: string; timestamp?: Date; data?: unknown } = {}) =>
  JSON.stringify({
    id: fields.id ?? `Webhook:${randomUUID()}`,
    type: fields.type ?? 'TEST',
    timestamp: (fields.timestamp ?? new Date()).toISOString(),
    data: fields.data ?? {},
  })
