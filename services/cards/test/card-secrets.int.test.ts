import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { sealingKeyring, secretBox } from '@pp/secrets'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSql, type Sql } from '../src/db/client.js'
import { insertCard } from '../src/db/cards.db.js'
import type { CardsDeps } from '../src/domain/deps.js'
import { unconfiguredIssuer } from '../src/providers/issuer/production-issuer.js'
import { sandboxIssuer } from '../src/providers/issuer/sandbox-issuer.js'
import { openReveal, revealCard } from '../src/domain/reveal/reveal-card.js'
import { panBinding, resealCardNumbers } from '../src/domain/secrets/card-number.js'
import type { CardRecord } from '../src/domain/types.js'

/**
 * How the cards service keeps a card's secrets: the number sealed to its own row under a key named
 * beside it (and re-sealed after a rotation), no CVV stored, and a reveal link that opens once.
 */
let database: TestDatabase
let sql: Sql
const keyHex = () => randomBytes(32).toString('hex')
const caller = { platformId: 'Platform:secrets', environment: 'SANDBOX' as const, requestId: 'req-1' }
const PAN = '4000001234567899'

const depsWith = (keyring = sealingKeyring(keyHex())): CardsDeps =>
  ({
    sql,
    keyring,
    issuers: { SANDBOX: sandboxIssuer('22'.repeat(32)), PRODUCTION: unconfiguredIssuer },
    revealKey: Buffer.alloc(32, 9),
    settings: { revealTtlMs: 60_000 },
    logger: createLogger('card-secrets-test', 'silent'),
    now: () => new Date(),
  }) as unknown as CardsDeps

function cardRow(id: string, sealed: { panSealed: Uint8Array; panKeyId: string | null }): CardRecord {
  const now = new Date()
  return {
    id, ...caller, cardholderId: 'Customer:1', platformCustomerId: 'pc-1', platformCardId: null, state: 'ACTIVE', stateReason: null,
    brand: 'VISA', form: 'VIRTUAL', currency: 'USD', last4: PAN.slice(-4), expMonth: 11, expYear: 2029, ...sealed,
    maxSpendPerTransaction: null, processorRef: `p-${id}`, issuerRef: `i-${id}`, createdAt: now, updatedAt: now,
  }
}

async function storeCard(deps: CardsDeps, id: string): Promise<void> {
  await insertCard(sql, cardRow(id, { panSealed: deps.keyring.seal(Buffer.from(PAN), panBinding(id)), panKeyId: deps.keyring.currentKeyId }))
}

const revealLink = async (deps: CardsDeps, cardId: string): Promise<string> =>
  (await revealCard(deps, caller, cardId, 'https://pay.example/hosted/card-reveal')).panEmbedUrl.split('/').at(-1)!

beforeAll(async () => {
  database = await createTestDatabase('cards_secrets', join(import.meta.dirname, '../prisma/migrations'))
  sql = openSql(database.url, 2)
})

afterAll(async () => {
  await sql?.end()
  await database?.drop()
})

describe('card secrets at rest', () => {
  it('store no security code: no column of the cards table holds one', async () => {
    const columns = await sql.query<{ column_name: string }>({ name: 'columns', text: "SELECT column_name FROM information_schema.columns WHERE table_name = 'cards'" }, [])
    expect(columns.map((c) => c.column_name)).toContain('pan_sealed')
    expect(columns.filter((c) => /cvv|cvc|security/i.test(c.column_name))).toEqual([])
  })

  it('reveal the number and a derived code once, then the same link shows nothing', async () => {
    const deps = depsWith()
    const once = newId('Card')
    await storeCard(deps, once)
    const token = await revealLink(deps, once)
    const shown = await openReveal(deps, token)
    expect(shown).toMatchObject({ pan: PAN, last4: '7899', expMonth: 11, expYear: 2029 })
    expect(shown.cvv).toBe(deps.issuers.SANDBOX.securityCode({ pan: PAN, expMonth: 11, expYear: 2029 }))
    await expect(openReveal(deps, token)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    // a new link shows the same code: it is derived, not drawn at random
    expect((await openReveal(deps, await revealLink(deps, once))).cvv).toBe(shown.cvv)
  })

  it('give one opening to one of many parallel requests with the same link', async () => {
    const deps = depsWith()
    const race = newId('Card')
    await storeCard(deps, race)
    const token = await revealLink(deps, race)
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => openReveal(deps, token)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('do not open a number moved onto another card row', async () => {
    const deps = depsWith()
    const [victim, thief] = [newId('Card'), newId('Card')]
    await storeCard(deps, victim)
    const [stored] = await sql.query<{ pan_sealed: Buffer; pan_key_id: string }>({ name: 'victim', text: 'SELECT pan_sealed, pan_key_id FROM cards WHERE id = $1' }, [victim])
    await insertCard(sql, cardRow(thief, { panSealed: stored!.pan_sealed, panKeyId: stored!.pan_key_id }))
    const token = await revealLink(deps, thief)
    await expect(openReveal(deps, token)).rejects.toThrow()
  })

})

describe('a rotation of the sealing key', () => {
  // a database of its own: every number in it must open under the keys configured
  let rotated: TestDatabase
  let rotatedSql: Sql
  beforeAll(async () => {
    rotated = await createTestDatabase('cards_rotation', join(import.meta.dirname, '../prisma/migrations'))
    rotatedSql = openSql(rotated.url, 2)
  })
  afterAll(async () => {
    await rotatedSql?.end()
    await rotated?.drop()
  })

  it('seals every number again under the new key, and binds numbers from before key ids to their card', async () => {
    const [oldKey, newKey] = [keyHex(), keyHex()]
    const [current, legacy] = [newId('Card'), newId('Card')]
    const before = sealingKeyring(oldKey)
    await insertCard(rotatedSql, cardRow(current, { panSealed: before.seal(Buffer.from(PAN), panBinding(current)), panKeyId: before.currentKeyId }))
    await insertCard(rotatedSql, cardRow(legacy, { panSealed: secretBox(newKey).seal(Buffer.from(PAN)), panKeyId: null }))

    const after = sealingKeyring(newKey, [oldKey])
    expect(await resealCardNumbers(rotatedSql, after, secretBox(newKey))).toBe(2)
    const keyIds = await rotatedSql.query<{ pan_key_id: string }>({ name: 'key_ids', text: 'SELECT pan_key_id FROM cards' }, [])
    expect(keyIds.map((r) => r.pan_key_id)).toEqual([after.currentKeyId, after.currentKeyId])
    // the old key is no longer needed to open anything, and nothing is left to re-seal
    const newOnly = { ...depsWith(sealingKeyring(newKey)), sql: rotatedSql }
    for (const id of [current, legacy]) expect((await openReveal(newOnly, await revealLink(newOnly, id))).pan).toBe(PAN)
    expect(await resealCardNumbers(rotatedSql, newOnly.keyring, secretBox(newKey))).toBe(0)
  })
})
