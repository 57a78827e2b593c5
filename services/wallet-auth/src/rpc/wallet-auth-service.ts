import { tenantFrom, unaryService } from '@pp/grpc'
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
  GetDelegatedKeyRequest,
  GetWalletAuthStateRequest,
  ListAuthCredentialsRequest,
  ListAuthSessionsRequest,
  ListDelegatedKeysRequest,
  ListWalletsSigningInWithRequest,
  RefreshAuthSessionRequest,
  RevokeAuthCredentialRequest,
  RevokeAuthSessionRequest,
  RevokeDelegatedKeyRequest,
  VerifyAuthCredentialRequest,
  VerifyAuthCredentialResponse,
  WalletAuthServiceServer,
} from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletsSigningInWith } from '../domain/credentials/contact-change.js'
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
import { createDelegatedKey, getDelegatedKey, listDelegatedKeys, revokeDelegatedKey } from '../domain/delegated-keys/delegated-keys.js'
import { exportWallet } from '../domain/export/export-wallet.js'
import { getSession, listSessions, refreshSession, revokeSession } from '../domain/sessions/sessions.js'
import { beginSignedRequest, completeSignedRequest } from '../domain/signed-requests/signed-requests.js'
import { authMethodToProto, challengeToProto, delegatedKeyToProto, sessionToProto } from './mapping.js'

/** wallet_auth.v1.WalletAuthService: each method maps its message, runs one use case, maps the answer. */
export function walletAuthService(deps: WalletAuthDeps, logger: Logger): WalletAuthServiceServer {
  return unaryService(logger, {
    async getWalletAuthState(request: GetWalletAuthStateRequest, ctx) {
      return { hasCredentials: await walletHasCredentials(deps, tenantFrom(ctx), request.accountId) }
    },
    async createAuthCredential(request: CreateAuthCredentialRequest, ctx) {
      const created = await createCredential(deps, tenantFrom(ctx), request)
      return { authMethod: authMethodToProto(created.authMethod, created.otpEncryptionTargetBundle) }
    },
    async listAuthCredentials(request: ListAuthCredentialsRequest, ctx) {
      return { data: (await listCredentials(deps, tenantFrom(ctx), request.accountId)).map((m) => authMethodToProto(m)) }
    },
    async listWalletsSigningInWith(request: ListWalletsSigningInWithRequest, ctx) {
      const change = { email: request.email, phoneNumber: request.phoneNumber }
      return { accountIds: await walletsSigningInWith(deps, tenantFrom(ctx), request.customerId, change) }
    },
    async getAuthCredential(request: GetAuthCredentialRequest, ctx) {
      return { authMethod: authMethodToProto(await getCredential(deps, tenantFrom(ctx), request.id)) }
    },
    async revokeAuthCredential(request: RevokeAuthCredentialRequest, ctx) {
      await revokeCredential(deps, tenantFrom(ctx), request.id)
      return {}
    },
    async challengeAuthCredential(request: ChallengeAuthCredentialRequest, ctx) {
      const issued = await challengeCredential(deps, tenantFrom(ctx), request.id, request.clientPublicKey)
      return { authMethod: authMethodToProto(issued.authMethod, issued.otpEncryptionTargetBundle), ...issued.passkey }
    },
    async verifyAuthCredential(request: VerifyAuthCredentialRequest, ctx): Promise<VerifyAuthCredentialResponse> {
      const result = await verifyCredential(deps, tenantFrom(ctx), request.id, request)
      return 'session' in result
        ? { session: sessionToProto(result.session) }
        : { signedRequestChallenge: challengeToProto(result.challenge) }
    },
    async listAuthSessions(request: ListAuthSessionsRequest, ctx) {
      return { data: (await listSessions(deps, tenantFrom(ctx), request.accountId)).map(sessionToProto) }
    },
    async getAuthSession(request: GetAuthSessionRequest, ctx) {
      return { session: sessionToProto(await getSession(deps, tenantFrom(ctx), request.id)) }
    },
    async revokeAuthSession(request: RevokeAuthSessionRequest, ctx) {
      await revokeSession(deps, tenantFrom(ctx), request.id)
      return {}
    },
    async refreshAuthSession(request: RefreshAuthSessionRequest, ctx) {
      return { session: sessionToProto(await refreshSession(deps, tenantFrom(ctx), request.id, request.clientPublicKey)) }
    },
    async beginSignedRequest(request: BeginSignedRequestRequest, ctx) {
      return { challenge: challengeToProto(await beginSignedRequest(deps, tenantFrom(ctx), request)) }
    },
    async completeSignedRequest(request: CompleteSignedRequestRequest, ctx) {
      const done = await completeSignedRequest(deps, tenantFrom(ctx), request)
      return { signerSessionId: done.signerSessionId }
    },
    async exportWallet(request: ExportWalletRequest, ctx) {
      return exportWallet(deps, tenantFrom(ctx), request.accountId, request.clientPublicKey)
    },
    async createDelegatedKey(request: CreateDelegatedKeyRequest, ctx) {
      return { delegatedKey: delegatedKeyToProto(await createDelegatedKey(deps, tenantFrom(ctx), request)) }
    },
    async listDelegatedKeys(request: ListDelegatedKeysRequest, ctx) {
      return { data: (await listDelegatedKeys(deps, tenantFrom(ctx), request)).map(delegatedKeyToProto) }
    },
    async getDelegatedKey(request: GetDelegatedKeyRequest, ctx) {
      return { delegatedKey: delegatedKeyToProto(await getDelegatedKey(deps, tenantFrom(ctx), request.id)) }
    },
    async revokeDelegatedKey(request: RevokeDelegatedKeyRequest, ctx) {
      return { delegatedKey: delegatedKeyToProto(await revokeDelegatedKey(deps, tenantFrom(ctx), request.id)) }
    },
  })
}
