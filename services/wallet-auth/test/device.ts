import { createHash } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import type { SignedRequestChallenge, WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { decryptExportBundle, encryptOtpCodeToBundle, generateP256KeyPair } from '@turnkey/crypto'
import { bundleSignerPublicKey } from '../src/crypto/bundles.js'
import type { AuthMethodView } from '../src/domain/credentials/credential-view.js'
import type { AuthSessionView } from '../src/domain/sessions/session-view.js'
import { SANDBOX_WALLET_SIGNATURE } from '../src/domain/signed-requests/signed-requests.js'
import { SANDBOX_OTP_CODE } from '../src/domain/otp/otp-sender.js'
import type { Harness } from './harness.js'

/** A P-256 key pair as @turnkey/crypto makes it: private hex, compressed and uncompressed public hex. */
export type DeviceKey = ReturnType<typeof generateP256KeyPair>

export const newDeviceKey = (): DeviceKey => generateP256KeyPair()

/** The Service-Wallet-Signature a real client sends: an API-key stamp over payloadToSign. */
export async function stamp(key: DeviceKey, payload: string): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey })
  return (await stamper.stamp(payload)).stampHeaderValue
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex')

/** A time as the API writes it: ISO 8601, UTC, milliseconds. */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/** The API's JSON an answer carries, as the gateway sends it on. */
export const authMethodOf = (answer: { authMethodJson: string }) => JSON.parse(answer.authMethodJson) as AuthMethodView
export const sessionOf = (answer: { sessionJson?: string }) => JSON.parse(answer.sessionJson!) as AuthSessionView
export const listOf = <T>(answer: { pageJson: string }) => (JSON.parse(answer.pageJson) as { data: T[] }).data

/** Seals {otp_code, public_key} to the challenge's target bundle, as @turnkey/crypto clients do. */
export const sealOtp = (h: Harness, targetBundle: string, code: string, tek: DeviceKey): Promise<string> =>
  encryptOtpCodeToBundle(code, targetBundle, tek.publicKeyUncompressed, bundleSignerPublicKey(h.deps.bundleSigningKey))

/** Registers the first EMAIL_OTP credential of a wallet (no signature needed for the first one). */
export async function addEmailOtp(h: Harness, ctx: Partial<Caller>, accountId: string): Promise<AuthMethodView> {
  return authMethodOf(await callUnary(h.client, h.client.createAuthCredential, { accountId, type: 'EMAIL_OTP' }, ctx))
}

/** The full OTP login: seal the code (the sandbox's unless given), take the 202, sign payloadToSign with the TEK, retry. */
export async function otpLogin(
  h: Harness,
  ctx: Partial<Caller>,
  method: AuthMethodView,
  targetBundle = method.otpEncryptionTargetBundle!,
  code = SANDBOX_OTP_CODE,
): Promise<{ tek: DeviceKey; session: AuthSessionView }> {
  const tek = newDeviceKey()
  const encryptedOtpBundle = await sealOtp(h, targetBundle, code, tek)
  const first = await callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: method.type, encryptedOtpBundle }, ctx)
  const challenge = first.signedRequestChallenge!
  const retry = await callUnary(
    h.client,
    h.client.verifyAuthCredential,
    { id: method.id, type: method.type, encryptedOtpBundle, requestId: challenge.requestId, walletSignature: await stamp(tek, challenge.payloadToSign) },
    ctx,
  )
  return { tek, session: sessionOf(retry) }
}

/** A wallet in the directory with an EMAIL_OTP credential and a logged-in session. */
export async function walletWithSession(h: Harness, ctx: Partial<Caller>) {
  const wallet = h.directory.add({ platformId: ctx.platformId!, environment: ctx.environment! })
  const method = await addEmailOtp(h, ctx, wallet.accountId)
  const login = await otpLogin(h, ctx, method)
  return { wallet, method, ...login }
}

/** First leg of a signed operation on the wallet. */
export async function begin(h: Harness, ctx: Partial<Caller>, accountId: string, operation: string, body: string): Promise<SignedRequestChallenge> {
  const { challenge } = await callUnary(h.client, h.client.beginSignedRequest, { accountId, operation, bodyDigest: sha256Hex(body) }, ctx)
  return challenge!
}

/** The signed retry of an operation begun with `begin`. */
export const complete = (
  h: Harness,
  ctx: Partial<Caller>,
  accountId: string,
  requestId: string,
  walletSignature: string,
  operation: string,
  body: string,
) => callUnary(h.client, h.client.completeSignedRequest, { accountId, requestId, walletSignature, operation, bodyDigest: sha256Hex(body) }, ctx)

/**
 * The proof a signed retry of one of the service's own operations carries: its first leg begun
 * over `body` (what the gateway received, `''` for none) and the payload stamped by `key`, or the
 * sandbox legacy value without one.
 */
export async function proofOf(
  h: Harness,
  ctx: Partial<Caller>,
  accountId: string,
  operation: string,
  body = '',
  key?: DeviceKey,
): Promise<WalletSignatureProof> {
  const challenge = await begin(h, ctx, accountId, operation, body)
  return { requestId: challenge.requestId, walletSignature: key ? await stamp(key, challenge.payloadToSign) : SANDBOX_WALLET_SIGNATURE, body }
}

/** Exports the wallet (a proof signed by `key`, or the sandbox legacy value) and opens the bundle as a client does: its mnemonic. */
export async function exportMnemonic(h: Harness, ctx: Partial<Caller>, accountId: string, key?: DeviceKey): Promise<string> {
  const client = newDeviceKey()
  const body = JSON.stringify({ clientPublicKey: client.publicKeyUncompressed })
  const proof = await proofOf(h, ctx, accountId, walletAuthSignedOperation.exportWallet(accountId), body, key)
  const { id, encryptedWalletCredentials } = await callUnary(h.client, h.client.exportWallet, { accountId, clientPublicKey: client.publicKeyUncompressed, proof }, ctx)
  if (id !== accountId) throw new Error(`exported ${id}, not ${accountId}`)
  return decryptExportBundle({
    exportBundle: encryptedWalletCredentials,
    embeddedKey: client.privateKey,
    organizationId: accountId,
    returnMnemonic: true,
    dangerouslyOverrideSignerPublicKey: bundleSignerPublicKey(h.deps.bundleSigningKey),
  })
}
