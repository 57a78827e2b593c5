import { tenantFrom, unaryService, type HandlerContext } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  AuthenticateCredentialsRequest,
  AuthenticateCredentialsResponse,
  CreateTokenRequest,
  CreateTokenResponse,
  DeleteTokenRequest,
  DeleteTokenResponse,
  EnsurePlatformRequest,
  EnsurePlatformResponse,
  GetPlatformConfigResponse,
  GetPlatformFactsResponse,
  GetTokenRequest,
  GetTokenResponse,
  ListTokensRequest,
  ListTokensResponse,
  PlatformServiceServer,
  UpdatePlatformConfigRequest,
  UpdatePlatformConfigResponse,
} from '@pp/proto/platform/v1/platform'
import { configView } from '../domain/config/config-view.js'
import { getConfig } from '../domain/config/get-config.js'
import { updateConfig } from '../domain/config/update-config.js'
import type { PlatformDeps } from '../domain/deps.js'
import { ensurePlatform } from '../domain/platforms/ensure-platform.js'
import { authenticateCredentials } from '../domain/tokens/authenticate-credentials.js'
import { createToken } from '../domain/tokens/create-token.js'
import { deleteToken } from '../domain/tokens/delete-token.js'
import { getToken } from '../domain/tokens/get-token.js'
import { listTokens } from '../domain/tokens/list-tokens.js'
import { tokenPageView, tokenView } from '../domain/tokens/token-view.js'
import { configFacts, configUpdateFromProto } from './config-mapping.js'
import { environmentToProto, issuedTokenToProto, listQueryFromProto, permissionsFromProto, permissionsToProto } from './token-mapping.js'

/**
 * platform.v1.PlatformService: proto in, domain use case, proto out. A configuration or a token
 * answers as the API's JSON of its view; authentication and facts stay typed.
 */
export function platformService(deps: PlatformDeps, logger: Logger): PlatformServiceServer {
  return unaryService(logger, {
    async authenticateCredentials(req: AuthenticateCredentialsRequest): Promise<AuthenticateCredentialsResponse> {
      const token = await authenticateCredentials(deps, req.clientId, req.clientSecret)
      return {
        platformId: token.platformId,
        environment: environmentToProto(token.environment),
        tokenId: token.id,
        permissions: permissionsToProto(token.permissions),
      }
    },
    async ensurePlatform(req: EnsurePlatformRequest): Promise<EnsurePlatformResponse> {
      const ensured = await ensurePlatform(deps, req)
      return {
        platformId: ensured.platformId,
        sandboxToken: issuedTokenToProto(ensured.sandboxToken),
        productionToken: issuedTokenToProto(ensured.productionToken),
      }
    },
    async getPlatformConfig(_req: unknown, ctx: HandlerContext): Promise<GetPlatformConfigResponse> {
      return { configJson: JSON.stringify(configView(await getConfig(deps, tenantFrom(ctx)))) }
    },
    async getPlatformFacts(_req: unknown, ctx: HandlerContext): Promise<GetPlatformFactsResponse> {
      return { facts: configFacts(await getConfig(deps, tenantFrom(ctx))) }
    },
    async updatePlatformConfig(req: UpdatePlatformConfigRequest, ctx: HandlerContext): Promise<UpdatePlatformConfigResponse> {
      return { configJson: JSON.stringify(configView(await updateConfig(deps, tenantFrom(ctx), configUpdateFromProto(req)))) }
    },
    async createToken(req: CreateTokenRequest, ctx: HandlerContext): Promise<CreateTokenResponse> {
      const input = { name: req.name, permissions: permissionsFromProto(req.permissions) }
      return { tokenJson: JSON.stringify(tokenView(await createToken(deps, tenantFrom(ctx), input))) }
    },
    async listTokens(req: ListTokensRequest, ctx: HandlerContext): Promise<ListTokensResponse> {
      return { pageJson: JSON.stringify(tokenPageView(await listTokens(deps, tenantFrom(ctx), listQueryFromProto(req)))) }
    },
    async getToken(req: GetTokenRequest, ctx: HandlerContext): Promise<GetTokenResponse> {
      return { tokenJson: JSON.stringify(tokenView(await getToken(deps, tenantFrom(ctx), req.tokenId))) }
    },
    async deleteToken(req: DeleteTokenRequest, ctx: HandlerContext): Promise<DeleteTokenResponse> {
      await deleteToken(deps, tenantFrom(ctx), req.tokenId)
      return {}
    },
  })
}
