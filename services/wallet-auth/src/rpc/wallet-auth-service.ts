import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  BeginSignedRequestRequest,
  ChallengeAuthCredentialRequest,
  CompleteSignedRequestRequest,
  CreateAuthCredentialRequest,
  CreateDelegatedKeyRequest,
  ExportWalletRequest,
  GetAuthCredentialRequest,
  GetAuthSessionRequest,
  GetContactChangeSignerRequest,
  SyncContactCredentialsRequest,
  GetDelegatedKeyRequest,
  GetWalletAuthStateRequest,
  HasActiveDelegatedKeyRequest,
  ListAuthCredentialsRequest,
  ListAuthSessionsRequest,
  ListDelegatedKeysRequest,
  RefreshAuthSessionRequest,
  RevokeAuthCredentialRequest,
  RevokeAuthSessionRequest,
  RevokeDelegatedKeyRequest,
  VerifyAuthCredentialRequest,
  VerifyAuthCredentialResponse,
  WalletAuthServiceServer,
} from '@pp/proto/wallet_auth/v1/wallet_auth'
import { contactChangeSigner, syncContactCredentials } from '../domain/credentials/contact-change.js'
import { authMethodListView, authMethodView, credentialChallengeView } from '../domain/credentials/credential-view.js'
import { createCredential } from '../domain/credentials/create-credential.js'
import {
  challengeCredential,
  getCredential,
  listCredentials,
  revokeCredential,
  verifyCredential,
  walletHasCredentials,
} from '../domain/credentials/credentials.js'
import type { WalletAuthDeps } from '../domain/deps.js'
import { delegatedKeyListView, delegatedKeyView } from '../domain/delegated-keys/delegated-key-view.js'
import { cardSpendingAllowed, createDelegatedKey, getDelegatedKey, listDelegatedKeys, revokeDelegatedKey } from '../domain/delegated-keys/delegated-keys.js'
import { exportWallet } from '../domain/export/export-wallet.js'
import { authSessionListView, authSessionView } from '../domain/sessions/session-view.js'
import { getSession, listSessions, refreshSession, revokeSession } from '../domain/sessions/sessions.js'
import { requireProof } from '../domain/signed-requests/signed-operation.js'
import { beginWalletSignedRequest, completeSignedRequest } from '../domain/signed-requests/signed-requests.js'
import { challengeToProto } from './mapping.js'

/**
 * wallet_auth.v1.WalletAuthService: each method maps its message, runs one use case, maps the
 * answer. A credential, session or delegated key answers as the API's JSON of its view; what the
 * gateway guards signed operations with (the owning wallet, the signed-request challenge) is typed.
 * A signed operation of this service's own is refused without its proof before anything is read.
 */
export function walletAuthService(deps: WalletAuthDeps, logger: Logger): WalletAuthServiceServer {
  return unaryService(logger, {
    async getWalletAuthState(request: GetWalletAuthStateRequest, ctx) {
      return { hasCredentials: await walletHasCredentials(deps, tenantFrom(ctx), request.accountId) }
    },
    async createAuthCredential({ proof, ...input }: CreateAuthCredentialRequest, ctx) {
      const created = await createCredential(deps, callerOf(ctx), input, proof)
      return { authMethodJson: JSON.stringify(authMethodView(created.authMethod, created.otpEncryptionTargetBundle)) }
    },
    async listAuthCredentials(request: ListAuthCredentialsRequest, ctx) {
      return { pageJson: JSON.stringify(authMethodListView(await listCredentials(deps, tenantFrom(ctx), request.accountId))) }
    },
    async getContactChangeSigner(request: GetContactChangeSignerRequest, ctx) {
      const change = { email: request.email, phoneNumber: request.phoneNumber }
      return (await contactChangeSigner(deps, tenantFrom(ctx), request.customerId, change)) ?? {}
    },
    async syncContactCredentials(request: SyncContactCredentialsRequest, ctx) {
      const change = { email: request.email, phoneNumber: request.phoneNumber }
      return { updated: await syncContactCredentials(deps, tenantFrom(ctx), request.customerId, change, request.proof) }
    },
    async getAuthCredential(request: GetAuthCredentialRequest, ctx) {
      const { accountId, type } = await getCredential(deps, tenantFrom(ctx), request.id)
      return { facts: { accountId, type } }
    },
    async revokeAuthCredential(request: RevokeAuthCredentialRequest, ctx) {
      await revokeCredential(deps, tenantFrom(ctx), request.id, requireProof(request.proof))
      return {}
    },
    async challengeAuthCredential(request: ChallengeAuthCredentialRequest, ctx) {
      const issued = await challengeCredential(deps, tenantFrom(ctx), request.id, request.clientPublicKey)
      return { challengeJson: JSON.stringify(credentialChallengeView(issued)) }
    },
    async verifyAuthCredential(request: VerifyAuthCredentialRequest, ctx): Promise<VerifyAuthCredentialResponse> {
      const result = await verifyCredential(deps, tenantFrom(ctx), request.id, request)
      return 'session' in result
        ? { sessionJson: JSON.stringify(authSessionView(result.session)) }
        : { signedRequestChallenge: challengeToProto(result.challenge) }
    },
    async listAuthSessions(request: ListAuthSessionsRequest, ctx) {
      return { pageJson: JSON.stringify(authSessionListView(await listSessions(deps, tenantFrom(ctx), request.accountId))) }
    },
    async getAuthSession(request: GetAuthSessionRequest, ctx) {
      const { session, authMethod } = await getSession(deps, tenantFrom(ctx), request.id)
      return { facts: { accountId: session.accountId, type: authMethod.type } }
    },
    async revokeAuthSession(request: RevokeAuthSessionRequest, ctx) {
      await revokeSession(deps, tenantFrom(ctx), request.id, requireProof(request.proof))
      return {}
    },
    async refreshAuthSession(request: RefreshAuthSessionRequest, ctx) {
      const session = await refreshSession(deps, tenantFrom(ctx), request, requireProof(request.proof))
      return { sessionJson: JSON.stringify(authSessionView(session)) }
    },
    async beginSignedRequest(request: BeginSignedRequestRequest, ctx) {
      return { challenge: challengeToProto(await beginWalletSignedRequest(deps, callerOf(ctx), request)) }
    },
    async completeSignedRequest(request: CompleteSignedRequestRequest, ctx) {
      const done = await completeSignedRequest(deps, tenantFrom(ctx), request)
      return { signerSessionId: done.signerSessionId }
    },
    async exportWallet(request: ExportWalletRequest, ctx) {
      return exportWallet(deps, callerOf(ctx), request, requireProof(request.proof))
    },
    async createDelegatedKey(request: CreateDelegatedKeyRequest, ctx) {
      const key = await createDelegatedKey(deps, callerOf(ctx), request, requireProof(request.proof))
      return { delegatedKeyJson: JSON.stringify(delegatedKeyView(key)) }
    },
    async listDelegatedKeys(request: ListDelegatedKeysRequest, ctx) {
      return { pageJson: JSON.stringify(delegatedKeyListView(await listDelegatedKeys(deps, tenantFrom(ctx), request))) }
    },
    async getDelegatedKey(request: GetDelegatedKeyRequest, ctx) {
      return { delegatedKeyJson: JSON.stringify(delegatedKeyView(await getDelegatedKey(deps, tenantFrom(ctx), request.id))) }
    },
    async revokeDelegatedKey(request: RevokeDelegatedKeyRequest, ctx) {
      return { delegatedKeyJson: JSON.stringify(delegatedKeyView(await revokeDelegatedKey(deps, tenantFrom(ctx), request.id))) }
    },
    async hasActiveDelegatedKey(request: HasActiveDelegatedKeyRequest, ctx) {
      return { active: await cardSpendingAllowed(deps, tenantFrom(ctx), request.cardId, request.fundingSourceId) }
    },
  })
}
