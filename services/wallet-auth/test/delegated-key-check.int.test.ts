import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { walletAuthSignedOperation as signedOperation } from '@pp/vocabulary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proofOf } from './device.js'
import { DeclaredFundingSources, startHarness, tenantOf, type Harness } from './harness.js'

/** The question the cards service asks before a wallet-funded card spends. */
let h: Harness
const cards = new DeclaredFundingSources()

beforeAll(async () => {
  h = await startHarness('key_check', { cardFundingSources: cards })
})
afterAll(() => h?.stop())

describe('HasActiveDelegatedKey', () => {
  it("answers true only while the card's funding source has an ACTIVE key, in the caller's tenant", async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const cardId = newId('Card')
    const fundingSourceId = cards.bind(cardId, wallet.accountId)
    const active = async (ctx = h.sandbox, card = cardId) =>
      (await callUnary(h.client, h.client.hasActiveDelegatedKey, { cardId: card, fundingSourceId }, ctx)).active
    expect(await active()).toBe(false)
    const input = { cardId, internalAccountId: wallet.accountId, nickname: 'card signer' }
    // signed with the sandbox legacy value: the wallet has no session
    const proof = await proofOf(h, h.sandbox, wallet.accountId, signedOperation.createDelegatedKey(), JSON.stringify(input))
    const created = await callUnary(h.client, h.client.createDelegatedKey, { ...input, proof }, h.sandbox)
    expect(await active()).toBe(true)
    expect(await active(h.production)).toBe(false)
    expect(await active(h.context('SANDBOX', newId('Platform')))).toBe(false)
    expect(await active(h.sandbox, newId('Card'))).toBe(false)
    await callUnary(h.client, h.client.revokeDelegatedKey, { id: JSON.parse(created.delegatedKeyJson).id }, h.sandbox)
    expect(await active()).toBe(false)
    await expect(callUnary(h.client, h.client.hasActiveDelegatedKey, { cardId, fundingSourceId: '' }, h.sandbox)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
