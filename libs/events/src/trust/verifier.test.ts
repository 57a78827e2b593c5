import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { headers } from '@nats-io/transport-node'
import { registry } from '@pp/metrics'
import { pino } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import type { EventEnvelope } from '../envelope.js'
import { developmentSigningKey, keyIdOf, publicKeyText, readSigningKey, readVerifyKeys, type SigningKey } from './event-keys.js'
import { eventVerifierOf, signingKeyOf } from './event-trust.js'
import { signedHeaders } from './signature.js'
import { createEventVerifier } from './verifier.js'

const logger = pino({ level: 'silent' })
const dir = mkdtempSync(join(tmpdir(), 'event-keys-'))

function newKey(name: string): { key: SigningKey; publicText: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const file = join(dir, `${name}.pem`)
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }))
  return { key: readSigningKey(file), publicText: publicKeyText(publicKey) }
}

function verifyKeysFile(keys: Record<string, string[]>): string {
  const file = join(dir, `verify-${Object.values(keys).flat().length}-${Math.random()}.json`)
  writeFileSync(file, JSON.stringify(keys))
  return file
}

const ledger = newKey('ledger')
const payments = newKey('payments')
const envelope: EventEnvelope<Record<string, string>> = {
  id: 'Event:1',
  type: 'FUNDS_CREDITED',
  source: 'ledger',
  platformId: 'Platform:1',
  environment: 'SANDBOX',
  occurredAt: '2026-01-01T00:00:00.000Z',
  data: { transferId: 'Transfer:1', amount: '100', currency: 'USD' },
}
const SUBJECT = 'events.ledger.FUNDS_CREDITED'
const verifier = createEventVerifier({ keys: readVerifyKeys(verifyKeysFile({ ledger: [ledger.publicText], payments: [payments.publicText] })), logger })

async function rejections(reason: string): Promise<number> {
  const metric = await registry.getSingleMetric('events_rejected_total')?.get()
  return metric?.values.find((v) => v.labels.reason === reason && v.labels.source === 'ledger')?.value ?? 0
}

describe('an event verifier', () => {
  it('believes an event signed by the key of the source it names, on that source subject', () => {
    expect(verifier.accepts({ subject: SUBJECT, headers: signedHeaders(ledger.key, envelope), envelope })).toBe(true)
  })

  it('believes it whatever the key order of the copy it reads', () => {
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(envelope).reverse()))) as unknown
    expect(verifier.accepts({ subject: SUBJECT, headers: signedHeaders(ledger.key, envelope), envelope: reordered })).toBe(true)
  })

  it('drops an unsigned event, one signed by another service, a changed one and one on another subject, counting each', async () => {
    const before = { unsigned: await rejections('unsigned'), unknown: await rejections('unknown_key'), bad: await rejections('bad_signature'), subject: await rejections('subject_mismatch') }
    expect(verifier.accepts({ subject: SUBJECT, headers: headers(), envelope })).toBe(false)
    expect(verifier.accepts({ subject: SUBJECT, envelope })).toBe(false)
    // payments' own key, claiming to be the ledger
    expect(verifier.accepts({ subject: SUBJECT, headers: signedHeaders(payments.key, envelope), envelope })).toBe(false)
    const forged = signedHeaders(ledger.key, envelope)
    expect(verifier.accepts({ subject: SUBJECT, headers: forged, envelope: { ...envelope, data: { ...envelope.data, amount: '100000' } } })).toBe(false)
    // a genuine ledger event moved to another subject
    expect(verifier.accepts({ subject: 'events.ledger.OTHER', headers: signedHeaders(ledger.key, envelope), envelope })).toBe(false)
    expect(await rejections('unsigned')).toBe(before.unsigned + 2)
    expect(await rejections('unknown_key')).toBe(before.unknown + 1)
    expect(await rejections('bad_signature')).toBe(before.bad + 1)
    expect(await rejections('subject_mismatch')).toBe(before.subject + 1)
  })

  it('logs ten refusals a minute per source and reason, then counts the rest and says how many went unlogged', async () => {
    const lines: { reason: string; eventId: string; unloggedInLastWindow?: number }[] = []
    const recording = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const flooded = createEventVerifier({ keys: readVerifyKeys(verifyKeysFile({ ledger: [ledger.publicText] })), logger: recording })
    const before = await rejections('unknown_key')
    const otherMesh = newKey('other-mesh-ledger')
    const foreign = (n: number) => {
      const event = { ...envelope, id: `Event:foreign-${n}` }
      return { subject: SUBJECT, headers: signedHeaders(otherMesh.key, event), envelope: event }
    }
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29), toFake: ['Date'] })
    try {
      for (let n = 0; n < 1_000; n += 1) flooded.accepts(foreign(n))
      flooded.accepts({ subject: SUBJECT, envelope })
      vi.advanceTimersByTime(60_000)
      flooded.accepts(foreign(1_000))
    } finally {
      vi.useRealTimers()
    }
    expect(lines.map((line) => [line.reason, line.eventId, line.unloggedInLastWindow])).toEqual([
      ...Array.from({ length: 10 }, (_, n) => ['unknown_key', `Event:foreign-${n}`, undefined]),
      ['unsigned', envelope.id, undefined],
      ['unknown_key', 'Event:foreign-1000', 990],
    ])
    expect(await rejections('unknown_key')).toBe(before + 1_001)
  })

  it('drops what is not an envelope at all', () => {
    expect(verifier.accepts({ subject: SUBJECT, envelope: 42 })).toBe(false)
    expect(verifier.accepts({ subject: SUBJECT, envelope: null })).toBe(false)
  })

  it('believes unsigned events JetStream stored before the migration window ends, and none after', () => {
    const windowed = createEventVerifier({ keys: () => undefined, logger, unsignedAcceptedUntil: new Date('2026-01-02T00:00:00Z') })
    expect(windowed.accepts({ subject: SUBJECT, envelope, storedAt: new Date('2026-01-01T23:59:59Z') })).toBe(true)
    expect(windowed.accepts({ subject: SUBJECT, envelope, storedAt: new Date('2026-01-02T00:00:00Z') })).toBe(false)
    // a core message has no stored time: never legacy
    expect(windowed.accepts({ subject: SUBJECT, envelope })).toBe(false)
  })
})

describe('key rotation', () => {
  const next = newKey('ledger-next')

  it('believes the old and the new key while the verify set holds both, then only what it holds', () => {
    const during = createEventVerifier({ keys: readVerifyKeys(verifyKeysFile({ ledger: [ledger.publicText, next.publicText] })), logger })
    expect(during.accepts({ subject: SUBJECT, headers: signedHeaders(ledger.key, envelope), envelope })).toBe(true)
    expect(during.accepts({ subject: SUBJECT, headers: signedHeaders(next.key, envelope), envelope })).toBe(true)
    const after = createEventVerifier({ keys: readVerifyKeys(verifyKeysFile({ ledger: [next.publicText] })), logger })
    expect(after.accepts({ subject: SUBJECT, headers: signedHeaders(ledger.key, envelope), envelope })).toBe(false)
    expect(after.accepts({ subject: SUBJECT, headers: signedHeaders(next.key, envelope), envelope })).toBe(true)
  })

  it('names a key by its public key, so the producer and every consumer agree without configuring ids', () => {
    expect(next.key.keyId).not.toBe(ledger.key.keyId)
    expect(readVerifyKeys(verifyKeysFile({ ledger: [next.publicText] }))('ledger')?.has(next.key.keyId)).toBe(true)
    expect(keyIdOf(generateKeyPairSync('ed25519').publicKey)).toHaveLength(16)
  })
})

describe('event keys from the configuration', () => {
  it('uses the development keys outside production, which verify each other', () => {
    const development = eventVerifierOf({ NODE_ENV: 'development' }, logger)
    const key = signingKeyOf({ NODE_ENV: 'development' }, 'ledger')
    expect(key.keyId).toBe(developmentSigningKey('ledger').keyId)
    expect(development.accepts({ subject: SUBJECT, headers: signedHeaders(key, envelope), envelope })).toBe(true)
    expect(development.accepts({ subject: SUBJECT, headers: signedHeaders(developmentSigningKey('payments'), envelope), envelope })).toBe(false)
  })

  it('refuses to start in production without key files', () => {
    expect(() => eventVerifierOf({ NODE_ENV: 'production' }, logger)).toThrow(/EVENT_VERIFY_KEYS_FILE must be set in production/)
    expect(() => signingKeyOf({ NODE_ENV: 'production' }, 'ledger')).toThrow(/EVENT_SIGNING_KEY_FILE must be set in production/)
  })

  it('reads the files in production', () => {
    const file = verifyKeysFile({ ledger: [ledger.publicText] })
    const production = eventVerifierOf({ NODE_ENV: 'production', EVENT_VERIFY_KEYS_FILE: file }, logger)
    const key = signingKeyOf({ NODE_ENV: 'production', EVENT_SIGNING_KEY_FILE: join(dir, 'ledger.pem') }, 'ledger')
    expect(production.accepts({ subject: SUBJECT, headers: signedHeaders(key, envelope), envelope })).toBe(true)
  })

  it('refuses a verify-keys file of another shape', () => {
    expect(() => readVerifyKeys(verifyKeysFile({ ledger: 'one key' } as never))).toThrow(/not a list of strings/)
  })
})
