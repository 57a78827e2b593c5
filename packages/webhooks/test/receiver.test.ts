import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookReceiver } from '../examples/receiver.js'
import type { SigningKeyAnswer, Webhook } from '../src/index.js'
import { newSigner, webhookBody, type Signer } from './signer.js'

const answerFor = (signer: Signer): SigningKeyAnswer => ({ algorithm: 'ECDSA_P256_SHA256', publicKey: signer.hex, publicKeyPem: signer.pem })

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** The example receiver on a free port, with keys from `answers` in turn (the last one repeated). */
async function startReceiver(answers: SigningKeyAnswer[], options: { refetchIntervalMs?: number; maxBodyBytes?: number } = {}) {
  const handled: Webhook[] = []
  let fetches = 0
  const fetchKeys = async () => answers[Math.min(fetches++, answers.length - 1)]!
  server = createServer(webhookReceiver({ fetchKeys, handle: (webhook) => void handled.push(webhook), ...options }))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`
  const post = async (body: string, signature?: string) => {
    const response = await fetch(url, { method: 'POST', body, headers: signature ? { 'X-Service-Signature': signature } : {} })
    return { status: response.status, body: await response.json() }
  }
  return { url, handled, post, fetches: () => fetches }
}

describe('the example receiver', () => {
  const signer = newSigner()

  it('answers 200 to a genuine webhook and handles it, once however often it comes', async () => {
    const receiver = await startReceiver([answerFor(signer)])
    const body = webhookBody({ data: { n: 1 } })
    expect(await receiver.post(body, signer.sign(body))).toEqual({ status: 200, body: { received: true } })
    expect(await receiver.post(body, signer.sign(body))).toEqual({ status: 200, body: { duplicate: true } })
    expect(receiver.handled).toEqual([JSON.parse(body)])
  })

  it('answers 400 with the reason to forged, unsigned and stale webhooks, and handles none', async () => {
    const receiver = await startReceiver([answerFor(signer)])
    const body = webhookBody()
    const stale = webhookBody({ timestamp: new Date(Date.now() - 600_000) })
    expect(await receiver.post(body, newSigner().sign(body))).toMatchObject({ status: 400, body: { code: 'SIGNATURE_INVALID' } })
    expect(await receiver.post(body)).toMatchObject({ status: 400, body: { code: 'SIGNATURE_MISSING' } })
    expect(await receiver.post(stale, signer.sign(stale))).toMatchObject({ status: 400, body: { code: 'TIMESTAMP_STALE' } })
    expect(receiver.handled).toEqual([])
  })

  it('fetches the keys again when a signature fails, at most once per interval', async () => {
    const rotated = newSigner()
    const receiver = await startReceiver([answerFor(signer), answerFor(rotated)], { refetchIntervalMs: 60_000 })
    const first = webhookBody()
    expect((await receiver.post(first, signer.sign(first))).status).toBe(200)
    // the platform rotated its key: the next webhook fails with the kept keys, and passes with fresh ones
    const second = webhookBody()
    expect((await receiver.post(second, rotated.sign(second))).status).toBe(200)
    expect(receiver.fetches()).toBe(2)
    // forgeries right after cause no more fetches
    for (let i = 0; i < 3; i += 1) expect((await receiver.post(second, newSigner().sign(second))).status).toBe(400)
    expect(receiver.fetches()).toBe(2)
    expect(receiver.handled.map((w) => w.id)).toEqual([JSON.parse(first).id, JSON.parse(second).id])
  })

  it('answers 405 to other methods and 413 to an oversized body', async () => {
    const receiver = await startReceiver([answerFor(signer)], { maxBodyBytes: 1_000 })
    expect((await fetch(receiver.url)).status).toBe(405)
    const big = webhookBody({ data: { padding: 'x'.repeat(2_000) } })
    expect((await receiver.post(big, signer.sign(big))).status).toBe(413)
  })
})
