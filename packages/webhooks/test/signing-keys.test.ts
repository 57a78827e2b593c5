import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchSigningKeys, signingKeys, verifyWebhook, WebhookVerificationError, type SigningKeyAnswer } from '../src/index.js'
import { newSigner, webhookBody, type Signer } from './signer.js'

/** The answer of GET /webhooks/signing-key for a current key and keys in their rotation overlap. */
const answerFor = (current: Signer, previous: { signer: Signer; retiresAt: Date }[] = []): SigningKeyAnswer => ({
  environment: 'SANDBOX',
  algorithm: 'ECDSA_P256_SHA256',
  publicKey: current.hex,
  publicKeyPem: current.pem,
  signatureHeader: 'X-Service-Signature',
  signatureEncoding: 'BASE64_DER',
  previousKeys: previous.map(({ signer, retiresAt }) => ({ publicKey: signer.hex, publicKeyPem: signer.pem, retiresAt: retiresAt.toISOString() })),
})

const verifiedWith = (signer: Signer, answer: SigningKeyAnswer, now: Date) => {
  const body = webhookBody()
  try {
    return verifyWebhook({ rawBody: body, signature: signer.sign(body), keys: signingKeys(answer, now) }).type
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.code
    throw err
  }
}

describe('signingKeys', () => {
  const retired = newSigner()
  const current = newSigner()
  const retiresAt = new Date('2026-11-27T13:00:00Z')
  const answer = answerFor(current, [{ signer: retired, retiresAt }])

  it('accepts the current key and a previous key during its overlap', () => {
    const during = new Date(retiresAt.getTime() - 1)
    expect(verifiedWith(current, answer, during)).toBe('TEST')
    expect(verifiedWith(retired, answer, during)).toBe('TEST')
  })

  it('refuses the previous key once it has retired, and keeps the current one', () => {
    for (const after of [retiresAt, new Date(retiresAt.getTime() + 86_400_000)]) {
      expect(verifiedWith(retired, answer, after)).toBe('SIGNATURE_INVALID')
      expect(verifiedWith(current, answer, after)).toBe('TEST')
    }
    expect(signingKeys(answer, retiresAt)).toEqual([current.pem])
  })

  it('reads an answer with no previousKeys or no PEM (the hex key alone)', () => {
    const { previousKeys: _, publicKeyPem: __, ...bare } = answer
    expect(signingKeys(bare)).toEqual([current.hex])
    expect(verifiedWith(current, bare, new Date())).toBe('TEST')
  })

  it('refuses an answer for another algorithm or encoding, or with no key', () => {
    expect(() => signingKeys({ ...answer, algorithm: 'ED25519' })).toThrow(/ED25519/)
    expect(() => signingKeys({ ...answer, signatureEncoding: 'HEX_RAW' })).toThrow(/HEX_RAW/)
    expect(() => signingKeys({} as SigningKeyAnswer)).toThrow(TypeError)
  })
})

describe('fetchSigningKeys', () => {
  const signer = newSigner()
  const requests: IncomingMessage[] = []
  let baseUrl: string
  const server = createServer((request, response) => {
    requests.push(request)
    const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'UNAUTHORIZED' }))
    } else if (request.method === 'GET' && request.url === '/2025-10-13/webhooks/signing-key') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerFor(signer)))
    } else {
      response.writeHead(404).end()
    }
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2025-10-13`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('gets the answer with Basic auth, with or without a trailing slash on the base URL', async () => {
    for (const url of [baseUrl, `${baseUrl}/`]) {
      const answer = await fetchSigningKeys({ baseUrl: url, clientId: 'client-id', clientSecret: 'client-secret' })
      expect(answer.publicKey).toBe(signer.hex)
      expect(verifiedWith(signer, answer, new Date())).toBe('TEST')
    }
    expect(requests.map((r) => r.url)).toEqual(['/2025-10-13/webhooks/signing-key', '/2025-10-13/webhooks/signing-key'])
  })

  it('rejects with the status and code when the API refuses the credentials', async () => {
    await expect(fetchSigningKeys({ baseUrl, clientId: 'client-id', clientSecret: 'wrong' })).rejects.toThrow(/401.*UNAUTHORIZED/)
  })
})
