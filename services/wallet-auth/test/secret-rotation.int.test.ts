import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { secretBox, sealingKeyIdOf } from '@pp/secrets'
import { walletAuthSignedOperation as signedOperation } from '@pp/vocabulary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicKeyOf } from '../src/crypto/p256.js'
import type { DelegatedKeyView } from '../src/domain/delegated-keys/delegated-key-view.js'
import { resealStoredSecrets } from '../src/domain/secrets/reseal-stored-secrets.js'
import { delegatedKeyBinding, openBytes, walletSealing, walletSecretBinding } from '../src/domain/secrets/wallet-sealing.js'
import { addEmailOtp, exportMnemonic, otpLogin, proofOf, walletWithSession } from './device.js'
import { DeclaredFundingSources, startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness
/** WALLET_SECRET_KEY as the last restart of a test left it. */
let currentKey: string
const cards = new DeclaredFundingSources()
const newKey = () => randomBytes(32).toString('hex')
const keyIdOf = (keyHex: string) => sealingKeyIdOf(Buffer.from(keyHex, 'hex'))

beforeAll(async () => {
  h = await startHarness('secret_rotation', { cardFundingSources: cards })
  currentKey = h.secretKey
})
afterAll(() => h?.stop())

async function delegatedKeyOf(accountId: string): Promise<DelegatedKeyView> {
  const cardId = newId('Card')
  cards.bind(cardId, accountId)
  const input = { cardId, internalAccountId: accountId, nickname: 'card signer' }
  const proof = await proofOf(h, h.sandbox, accountId, signedOperation.createDelegatedKey(), JSON.stringify(input))
  return JSON.parse((await callUnary(h.client, h.client.createDelegatedKey, { ...input, proof }, h.sandbox)).delegatedKeyJson) as DelegatedKeyView
}

/** The key ids the sealed columns name, per table, of rows with something sealed. */
async function sealingKeyIds(): Promise<string[]> {
  const rows = await open(h.db).$queryRaw<{ key_id: string | null }[]>`
    SELECT "sealing_key_id" AS "key_id" FROM "wallet_secrets"
    UNION ALL SELECT "sealing_key_id" FROM "delegated_keys" WHERE octet_length("private_key") > 0
    UNION ALL SELECT "sealing_key_id" FROM "otp_challenges"`
  return [...new Set(rows.map((row) => row.key_id ?? 'none'))]
}

/** How many values are sealed at rest: every one a start after a rotation seals again. */
const sealedValues = async () => (await open(h.db).walletSecret.count()) + (await open(h.db).otpChallenge.count()) + (await open(h.db).delegatedKey.count({ where: { status: 'ACTIVE' } }))

describe('WALLET_SECRET_KEY rotation', () => {
  it('opens what the replaced key sealed, seals it again under the new key at start, then opens it with the new key alone', async () => {
    const keyA = currentKey
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    const mnemonic = await exportMnemonic(h, h.sandbox, wallet.accountId, tek)
    const delegated = await delegatedKeyOf(wallet.accountId)
    // an OTP challenge issued before the restart and answered after it
    const pendingWallet = h.directory.add(tenantOf(h.sandbox))
    const pending = await addEmailOtp(h, h.sandbox, pendingWallet.accountId)
    expect(await sealingKeyIds()).toEqual([keyIdOf(keyA)])

    const keyB = newKey()
    expect(await h.restartWithSecretKeys(keyB, [keyA])).toBeGreaterThanOrEqual(4)
    expect(await sealingKeyIds()).toEqual([keyIdOf(keyB)])
    expect(await exportMnemonic(h, h.sandbox, wallet.accountId, tek)).toBe(mnemonic)
    expect((await otpLogin(h, h.sandbox, pending)).session.accountId).toBe(pendingWallet.accountId)

    // a second start finds nothing left to seal; the new key alone opens everything
    expect(await h.restartWithSecretKeys(keyB, [])).toBe(0)
    currentKey = keyB
    expect(await exportMnemonic(h, h.sandbox, wallet.accountId, tek)).toBe(mnemonic)
    const row = await open(h.db).delegatedKey.findUniqueOrThrow({ where: { id: delegated.id } })
    const privateKey = openBytes(walletSealing(keyB, []), delegatedKeyBinding(row.id), { ciphertext: row.privateKey, sealingKeyId: row.sealingKeyId })
    expect(publicKeyOf(Buffer.from(privateKey).toString('hex'))).toBe(delegated.publicKey)
    expect(() => openBytes(walletSealing(keyA, []), delegatedKeyBinding(row.id), { ciphertext: row.privateKey, sealingKeyId: row.sealingKeyId })).toThrow(
      /no sealing key has the id/,
    )
  })

  it('seals a secret stored before key ids (unbound, no key id) again, bound to its row, under the current key', async () => {
    const current = currentKey
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const mnemonic = 'legacy words'
    const legacy = secretBox(current).seal(Buffer.from(mnemonic))
    await open(h.db).walletSecret.create({ data: { ...tenantOf(h.sandbox), accountId: wallet.accountId, ciphertext: legacy, sealingKeyId: null, createdAt: new Date() } })
    expect(await sealingKeyIds()).toEqual(expect.arrayContaining(['none', keyIdOf(current)]))
    // with a rotation at the same time the legacy value opens under the previous key
    const next = newKey()
    expect(await h.restartWithSecretKeys(next, [current])).toBe(await sealedValues())
    const row = await open(h.db).walletSecret.findFirstOrThrow({ where: { accountId: wallet.accountId } })
    currentKey = next
    expect(row.sealingKeyId).toBe(keyIdOf(next))
    expect(Buffer.from(openBytes(walletSealing(next, []), walletSecretBinding(row), row)).toString()).toBe(mnemonic)
  })

  it('is done once, batch by batch, by replicas starting together', async () => {
    const before = currentKey
    const wallets = []
    for (let i = 0; i < 4; i += 1) {
      const { wallet, tek } = await walletWithSession(h, h.sandbox)
      wallets.push({ wallet, tek, mnemonic: await exportMnemonic(h, h.sandbox, wallet.accountId, tek) })
    }
    const stale = await sealedValues()
    currentKey = newKey()
    const after = walletSealing(currentKey, [before])
    const passes = await Promise.all([resealStoredSecrets(h.db, after, 2), resealStoredSecrets(h.db, after, 3)])
    expect(passes[0] + passes[1]).toBe(stale)
    expect(await sealingKeyIds()).toEqual([after.keyring.currentKeyId])
    h.deps.sealing = after
    for (const { wallet, tek, mnemonic } of wallets) expect(await exportMnemonic(h, h.sandbox, wallet.accountId, tek)).toBe(mnemonic)
  })
})

describe('a sealed secret', () => {
  it('moved to another row does not open there', async () => {
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    await exportMnemonic(h, h.sandbox, wallet.accountId, tek)
    const source = await open(h.db).walletSecret.findFirstOrThrow({ where: { accountId: wallet.accountId } })
    const other = await walletWithSession(h, h.sandbox)
    const moved = { ...source, accountId: other.wallet.accountId }
    await open(h.db).walletSecret.create({ data: moved })
    expect(() => openBytes(h.deps.sealing, walletSecretBinding(moved), moved)).toThrow()
    await expect(exportMnemonic(h, h.sandbox, other.wallet.accountId, other.tek)).rejects.toThrow()
  })
})
