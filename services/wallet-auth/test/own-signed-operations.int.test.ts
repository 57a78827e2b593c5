import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import type { WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletAuthSignedOperation as signedOperation } from '@pp/vocabulary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complete, newDeviceKey, proofOf, walletWithSession, type DeviceKey } from './device.js'
import { DeclaredFundingSources, startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

/**
 * The service's own signed operations, called over gRPC as the gateway calls them: each needs the
 * proof of its signed retry and completes the signed request itself, for exactly its operation and
 * wallet, in the transaction of the operation.
 */
let h: Harness
const cards = new DeclaredFundingSources()

beforeAll(async () => {
  h = await startHarness('own_signed_operations', { cardFundingSources: cards })
})
afterAll(() => h?.stop())

/** A fresh wallet with an EMAIL_OTP credential and a session whose key is `tek`. */
type Device = Awaited<ReturnType<typeof walletWithSession>>

/** One signed operation on a device's wallet, and what it changes. */
interface Subject {
  /** Its name and the body its signed retry carries, as the gateway binds them. */
  operation: string
  body: string
  call(proof: WalletSignatureProof | undefined): Promise<unknown>
  /** The rows the operation changes, to compare around a refusal. */
  state(): Promise<unknown>
  /** What a replay of a call that passed is answered: the revocations' resources are gone by then. */
  replayRefusal: string
}

const sessionsOf = (accountId: string) =>
  open(h.db).authSession.findMany({ where: { accountId }, orderBy: { id: 'asc' }, select: { id: true, revokedAt: true } })
const credentialsOf = (accountId: string) => open(h.db).authMethod.findMany({ where: { accountId }, orderBy: { id: 'asc' }, select: { id: true } })

const subjects: Record<string, (device: Device) => Promise<Subject>> = {
  async ExportWallet({ wallet }) {
    const clientPublicKey = newDeviceKey().publicKeyUncompressed
    return {
      operation: signedOperation.exportWallet(wallet.accountId),
      body: JSON.stringify({ clientPublicKey }),
      call: (proof) => callUnary(h.client, h.client.exportWallet, { accountId: wallet.accountId, clientPublicKey, proof }, h.sandbox),
      state: () => open(h.db).walletSecret.findMany({ where: { accountId: wallet.accountId } }),
      replayRefusal: 'UNAUTHORIZED',
    }
  },
  async CreateDelegatedKey({ wallet }) {
    const input = { cardId: newId('Card'), internalAccountId: wallet.accountId, nickname: 'card signer' }
    cards.bind(input.cardId, wallet.accountId)
    return {
      operation: signedOperation.createDelegatedKey(),
      body: JSON.stringify(input),
      call: (proof) => callUnary(h.client, h.client.createDelegatedKey, { ...input, proof }, h.sandbox),
      state: () => open(h.db).delegatedKey.findMany({ where: { accountId: wallet.accountId } }),
      replayRefusal: 'UNAUTHORIZED',
    }
  },
  async CreateAuthCredential({ wallet }) {
    const request = { accountId: wallet.accountId, type: 'SMS_OTP' }
    return {
      operation: signedOperation.addCredential(),
      body: JSON.stringify(request),
      call: (proof) => callUnary(h.client, h.client.createAuthCredential, { ...request, proof }, h.sandbox),
      state: () => credentialsOf(wallet.accountId),
      replayRefusal: 'UNAUTHORIZED',
    }
  },
  async RevokeAuthCredential({ wallet, tek, method }) {
    await addSms(wallet.accountId, tek)
    return {
      operation: signedOperation.revokeCredential(method.id),
      body: '',
      call: (proof) => callUnary(h.client, h.client.revokeAuthCredential, { id: method.id, proof }, h.sandbox),
      state: () => credentialsOf(wallet.accountId),
      replayRefusal: 'AUTH_METHOD_NOT_FOUND',
    }
  },
  async RevokeAuthSession({ wallet, session }) {
    return {
      operation: signedOperation.revokeSession(session.id),
      body: '',
      call: (proof) => callUnary(h.client, h.client.revokeAuthSession, { id: session.id, proof }, h.sandbox),
      state: () => sessionsOf(wallet.accountId),
      replayRefusal: 'SESSION_NOT_FOUND',
    }
  },
  async RefreshAuthSession({ wallet, session }) {
    const clientPublicKey = newDeviceKey().publicKeyUncompressed
    return {
      operation: signedOperation.refreshSession(session.id),
      body: JSON.stringify({ clientPublicKey }),
      call: (proof) => callUnary(h.client, h.client.refreshAuthSession, { id: session.id, clientPublicKey, proof }, h.sandbox),
      state: () => sessionsOf(wallet.accountId),
      replayRefusal: 'SESSION_NOT_FOUND',
    }
  },
}

/** Adds an SMS_OTP credential to a wallet that has one, signed by `tek`. */
async function addSms(accountId: string, tek: DeviceKey) {
  const request = { accountId, type: 'SMS_OTP' }
  const proof = await proofOf(h, h.sandbox, accountId, signedOperation.addCredential(), JSON.stringify(request), tek)
  return callUnary(h.client, h.client.createAuthCredential, { ...request, proof }, h.sandbox)
}

/** The proof of `operation` (the subject's own by default) over the subject's body, stamped by the device's session key. */
const proofFor = (device: Device, subject: Subject, operation = subject.operation) =>
  proofOf(h, h.sandbox, device.wallet.accountId, operation, subject.body, device.tek)

/** A new device and one of the signed operations on its wallet. */
async function setUp(name: string): Promise<{ device: Device; s: Subject }> {
  const device = await walletWithSession(h, h.sandbox)
  return { device, s: await subjects[name]!(device) }
}

describe.each(Object.keys(subjects))('%s', (name) => {
  it('without a proof is refused 401 WALLET_SIGNATURE_MISSING and changes nothing', async () => {
    const { s } = await setUp(name)
    const before = await s.state()
    await expect(s.call(undefined)).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MISSING' })
    expect(await s.state()).toEqual(before)
  })

  it("with another operation's proof over the same body is refused 401, changes nothing and leaves that proof unused", async () => {
    const { device, s } = await setUp(name)
    const before = await s.state()
    const other = `PATCH /internal-accounts/${device.wallet.accountId}`
    const proof = await proofFor(device, s, other)
    await expect(s.call(proof)).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    expect(await s.state()).toEqual(before)
    const completed = await complete(h, h.sandbox, device.wallet.accountId, proof.requestId, proof.walletSignature, other, s.body)
    expect(completed.signerSessionId).toBe(device.session.id)
  })

  it("with another wallet's proof of the same operation is refused 401 and changes nothing", async () => {
    const { s } = await setUp(name)
    const before = await s.state()
    const stranger = await walletWithSession(h, h.sandbox)
    await expect(s.call(await proofFor(stranger, s))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await s.state()).toEqual(before)
  })

  it('with a valid proof passes once; the replay is refused and changes nothing', async () => {
    const { device, s } = await setUp(name)
    const before = await s.state()
    const proof = await proofFor(device, s)
    await s.call(proof)
    const after = await s.state()
    expect(after).not.toEqual(before)
    await expect(s.call(proof)).rejects.toMatchObject({ code: s.replayRefusal })
    expect(await s.state()).toEqual(after)
    expect((await open(h.db).signedRequest.findUniqueOrThrow({ where: { id: proof.requestId } })).consumedAt).not.toBeNull()
  })
})

describe('the values a signed operation acts on', () => {
  it('must be the signed body’s: an export to another key than the signed one is refused, and no secret is made', async () => {
    const { device, s } = await setUp('ExportWallet')
    const otherKey = JSON.stringify({ clientPublicKey: newDeviceKey().publicKeyUncompressed })
    const proof = await proofOf(h, h.sandbox, device.wallet.accountId, s.operation, otherKey, device.tek)
    await expect(s.call(proof)).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    expect(await s.state()).toEqual([])
  })

  it("an export's proof does not refresh a session, though the bodies are alike", async () => {
    const { device, s } = await setUp('RefreshAuthSession')
    const proof = await proofFor(device, s, signedOperation.exportWallet(device.wallet.accountId))
    await expect(s.call(proof)).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    expect(await s.state()).toEqual([{ id: device.session.id, revokedAt: null }])
  })
})

describe('a signed request completed in the transaction of its operation', () => {
  it('stays usable when the operation fails: the revocation of the last credential, retried once another exists', async () => {
    const { wallet, tek, method } = await walletWithSession(h, h.sandbox)
    const proof = await proofOf(h, h.sandbox, wallet.accountId, signedOperation.revokeCredential(method.id), '', tek)
    const revoke = () => callUnary(h.client, h.client.revokeAuthCredential, { id: method.id, proof }, h.sandbox)
    await expect(revoke()).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await open(h.db).signedRequest.findUniqueOrThrow({ where: { id: proof.requestId } })).consumedAt).toBeNull()
    await addSms(wallet.accountId, tek)
    await revoke()
    expect((await credentialsOf(wallet.accountId)).map((m) => m.id)).not.toContain(method.id)
  })

  it('stays usable when a delegated key conflicts with the ACTIVE one, and passes once that one is revoked', async () => {
    const { device, s } = await setUp('CreateDelegatedKey')
    const [first, second] = [await proofFor(device, s), await proofFor(device, s)]
    const key = JSON.parse(((await s.call(first)) as { delegatedKeyJson: string }).delegatedKeyJson) as { id: string }
    await expect(s.call(second)).rejects.toMatchObject({ code: 'CONFLICT' })
    await callUnary(h.client, h.client.revokeDelegatedKey, { id: key.id }, h.sandbox)
    await s.call(second)
    expect((await s.state()) as unknown[]).toHaveLength(2)
  })

  it('lets exactly one of several racing calls with the same proof through', async () => {
    const { device, s } = await setUp('ExportWallet')
    const proof = await proofFor(device, s)
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => s.call(proof)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const refused of results.filter((r) => r.status === 'rejected')) expect(refused.reason).toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('the sandbox legacy signature', () => {
  it('completes a signed operation in sandbox only', async () => {
    const { device, s } = await setUp('ExportWallet')
    await s.call(await proofOf(h, h.sandbox, device.wallet.accountId, s.operation, s.body))
    expect(await s.state()).toHaveLength(1)

    const clientPublicKey = newDeviceKey().publicKeyUncompressed
    const body = JSON.stringify({ clientPublicKey })
    const productionWallet = h.directory.add(tenantOf(h.production))
    const inProduction = await proofOf(h, h.production, productionWallet.accountId, signedOperation.exportWallet(productionWallet.accountId), body)
    await expect(
      callUnary(h.client, h.client.exportWallet, { accountId: productionWallet.accountId, clientPublicKey, proof: inProduction }, h.production),
    ).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MALFORMED' })
    expect(await open(h.db).walletSecret.count({ where: { accountId: productionWallet.accountId } })).toBe(0)
  })
})
