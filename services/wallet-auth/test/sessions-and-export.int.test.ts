import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { walletAuthSignedOperation as signedOperation } from '@pp/vocabulary'
import { decryptCredentialBundle } from '@turnkey/crypto'
import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicKeyOf } from '../src/crypto/p256.js'
import { open } from '../src/db/client.js'
import type { AuthMethodView } from '../src/domain/credentials/credential-view.js'
import type { DelegatedKeyView } from '../src/domain/delegated-keys/delegated-key-view.js'
import type { AuthSessionView } from '../src/domain/sessions/session-view.js'
import { authMethodOf, exportMnemonic, ISO_TIME, listOf, newDeviceKey, proofOf, sessionOf, walletWithSession } from './device.js'
import { DeclaredFundingSources, SESSION_TTL_MS, startHarness, tenantOf, type Harness } from './harness.js'

let h: Harness
const cards = new DeclaredFundingSources()
const delegatedKeyOf = (answer: { delegatedKeyJson: string }) => JSON.parse(answer.delegatedKeyJson) as DelegatedKeyView

beforeAll(async () => {
  h = await startHarness('sessions', { cardFundingSources: cards })
})
afterAll(() => h?.stop())

describe('sessions', () => {
  it('refreshes an active session: the old one ends, the new key is sealed to clientPublicKey', async () => {
    const { wallet, session, tek } = await walletWithSession(h, h.sandbox)
    const client = newDeviceKey()
    const body = JSON.stringify({ clientPublicKey: client.publicKey })
    const refresh = async () => ({
      id: session.id,
      clientPublicKey: client.publicKey,
      proof: await proofOf(h, h.sandbox, wallet.accountId, signedOperation.refreshSession(session.id), body, tek),
    })
    const refreshed = sessionOf(await callUnary(h.client, h.client.refreshAuthSession, await refresh(), h.sandbox))
    expect(refreshed).toMatchObject({ accountId: wallet.accountId, type: session.type, nickname: session.nickname })
    expect(refreshed.id).not.toBe(session.id)
    const key = decryptCredentialBundle(refreshed.encryptedSessionSigningKey!, client.privateKey)
    expect((await open(h.db).authSession.findUniqueOrThrow({ where: { id: refreshed.id } })).publicKey).toBe(publicKeyOf(key))
    const listed = listOf<AuthSessionView>(await callUnary(h.client, h.client.listAuthSessions, { accountId: wallet.accountId }, h.sandbox))
    // the sealed key is shown only in the answer that issued it
    expect(listed).toEqual([{ ...refreshed, encryptedSessionSigningKey: undefined }])
    await expect(callUnary(h.client, h.client.refreshAuthSession, await refresh(), h.sandbox)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' })
  })

  it('revokes once, then answers SESSION_NOT_FOUND; expired sessions are neither listed nor found', async () => {
    const { wallet, session, tek } = await walletWithSession(h, h.sandbox)
    const { facts } = await callUnary(h.client, h.client.getAuthSession, { id: session.id }, h.sandbox)
    expect(facts).toEqual({ accountId: wallet.accountId, type: 'EMAIL_OTP' })
    const revoke = async () => ({ id: session.id, proof: await proofOf(h, h.sandbox, wallet.accountId, signedOperation.revokeSession(session.id), '', tek) })
    await callUnary(h.client, h.client.revokeAuthSession, await revoke(), h.sandbox)
    await expect(callUnary(h.client, h.client.revokeAuthSession, await revoke(), h.sandbox)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' })

    const expiring = await walletWithSession(h, h.sandbox)
    h.advanceClock(SESSION_TTL_MS + 1)
    expect(listOf(await callUnary(h.client, h.client.listAuthSessions, { accountId: expiring.wallet.accountId }, h.sandbox))).toEqual([])
    await expect(callUnary(h.client, h.client.getAuthSession, { id: expiring.session.id }, h.sandbox)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' })
  })

  it("hides another tenant's sessions", async () => {
    const { session } = await walletWithSession(h, h.sandbox)
    await expect(callUnary(h.client, h.client.getAuthSession, { id: session.id }, h.production)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' })
  })
})

describe('credentials', () => {
  it('tells whether a wallet has credentials, lists them, and revokes one only while another remains', async () => {
    const { wallet, method, session, tek } = await walletWithSession(h, h.sandbox)
    const fresh = h.directory.add(tenantOf(h.sandbox))
    expect((await callUnary(h.client, h.client.getWalletAuthState, { accountId: fresh.accountId }, h.sandbox)).hasCredentials).toBe(false)
    expect((await callUnary(h.client, h.client.getWalletAuthState, { accountId: wallet.accountId }, h.sandbox)).hasCredentials).toBe(true)

    const revoke = async () => ({ id: method.id, proof: await proofOf(h, h.sandbox, wallet.accountId, signedOperation.revokeCredential(method.id), '', tek) })
    await expect(callUnary(h.client, h.client.revokeAuthCredential, await revoke(), h.sandbox)).rejects.toMatchObject({ code: 'CONFLICT' })
    const smsRequest = { accountId: wallet.accountId, type: 'SMS_OTP' }
    const smsProof = await proofOf(h, h.sandbox, wallet.accountId, signedOperation.addCredential(), JSON.stringify(smsRequest), tek)
    const sms = authMethodOf(await callUnary(h.client, h.client.createAuthCredential, { ...smsRequest, proof: smsProof }, h.sandbox))
    const listed = listOf<AuthMethodView>(await callUnary(h.client, h.client.listAuthCredentials, { accountId: wallet.accountId }, h.sandbox))
    // a listed credential shows no target bundle: that belongs to the answer that sent the code
    const { otpEncryptionTargetBundle: _email, ...email } = method
    const { otpEncryptionTargetBundle: _sms, ...phone } = sms
    expect(listed).toEqual([email, phone])

    await callUnary(h.client, h.client.revokeAuthCredential, await revoke(), h.sandbox)
    await expect(callUnary(h.client, h.client.getAuthCredential, { id: method.id }, h.sandbox)).rejects.toMatchObject({ code: 'AUTH_METHOD_NOT_FOUND' })
    // the revoked credential's sessions end with it
    await expect(callUnary(h.client, h.client.getAuthSession, { id: session.id }, h.sandbox)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' })
    expect((await callUnary(h.client, h.client.getAuthCredential, { id: sms.id }, h.sandbox)).facts).toEqual({ accountId: wallet.accountId, type: 'SMS_OTP' })
  })
})

describe('wallet export', () => {
  it('seals the same mnemonic, created once, in an export bundle @turnkey/crypto opens', async () => {
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    const exportWallet = () => exportMnemonic(h, h.sandbox, wallet.accountId, tek)
    const mnemonic = await exportWallet()
    expect(mnemonic.split(' ')).toHaveLength(24)
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
    expect(await exportWallet()).toBe(mnemonic)
    const stored = await open(h.db).walletSecret.findFirstOrThrow({ where: { accountId: wallet.accountId } })
    expect(Buffer.from(stored.ciphertext).toString('utf8')).not.toContain(mnemonic.split(' ')[0])
  })

  it('refuses a client key that is not a P-256 point', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const clientPublicKey = `04${'00'.repeat(64)}`
    const proof = await proofOf(h, h.sandbox, wallet.accountId, signedOperation.exportWallet(wallet.accountId), JSON.stringify({ clientPublicKey }))
    await expect(callUnary(h.client, h.client.exportWallet, { accountId: wallet.accountId, clientPublicKey, proof }, h.sandbox)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
  })
})

describe('delegated keys', () => {
  it('creates one ACTIVE key per card funding source, lists, gets and revokes it', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const cardId = newId('Card')
    const fundingSourceId = cards.bind(cardId, wallet.accountId)
    const input = { cardId, internalAccountId: wallet.accountId, nickname: 'card signer' }
    // signed with the sandbox legacy value: the wallet has no session
    const create = async () =>
      callUnary(h.client, h.client.createDelegatedKey, { ...input, proof: await proofOf(h, h.sandbox, wallet.accountId, signedOperation.createDelegatedKey(), JSON.stringify(input)) }, h.sandbox)
    const key = delegatedKeyOf(await create())
    expect(key).toEqual({
      id: expect.stringMatching(/^DelegatedKey:/),
      cardId,
      fundingSourceId,
      accountId: wallet.accountId,
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      nickname: 'card signer',
      status: 'ACTIVE',
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
    })
    await expect(create()).rejects.toMatchObject({ code: 'CONFLICT' })

    expect(listOf(await callUnary(h.client, h.client.listDelegatedKeys, { accountId: wallet.accountId }, h.sandbox))).toEqual([key])
    expect(delegatedKeyOf(await callUnary(h.client, h.client.getDelegatedKey, { id: key.id }, h.sandbox))).toEqual(key)

    const revoked = delegatedKeyOf(await callUnary(h.client, h.client.revokeDelegatedKey, { id: key.id }, h.sandbox))
    expect(revoked).toMatchObject({ id: key.id, status: 'REVOKED' })
    await expect(callUnary(h.client, h.client.revokeDelegatedKey, { id: key.id }, h.sandbox)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(delegatedKeyOf(await create()).status).toBe('ACTIVE')
  })

  it('answers NOT_FOUND for a card not funded by the wallet and INVALID_INPUT for a list without filter', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const input = { cardId: newId('Card'), internalAccountId: wallet.accountId, nickname: 'k' }
    const proof = await proofOf(h, h.sandbox, wallet.accountId, signedOperation.createDelegatedKey(), JSON.stringify(input))
    await expect(callUnary(h.client, h.client.createDelegatedKey, { ...input, proof }, h.sandbox)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(callUnary(h.client, h.client.listDelegatedKeys, {}, h.sandbox)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
