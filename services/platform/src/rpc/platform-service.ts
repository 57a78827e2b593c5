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
  GetTokenRequest,
  GetTokenResponse,
  ListTokensRequest,
  ListTokensResponse,
  PlatformServiceServer,
  UpdatePlatformConfigRequest,
  UpdatePlatformConfigResponse,
} from '@pp/proto/platform/v1/platform'
import { getConfig } from '../domain/config/get-config.js'
import { updateConfig } from '../domain/config/update-config.js'
import type { PlatformDeps } from '../domain/deps.js'
import { ensurePlatform } from '../domain/platforms/ensure-platform.js'
import { authenticateCredentials } from '../domain/tokens/authenticate-credentials.js'
import { createToken } from '../domain/tokens/create-token.js'
import { deleteToken } from '../domain/tokens/delete-token.js'
import { getToken } from '../domain/tokens/get-token.js'
import { listTokens } from '../domain/tokens/list-tokens.js'
import { configToProto, configUpdateFromProto } from './config-mapping.js'
import { environmentToProto, listQueryFromProto, permissionsFromProto, permissionsToProto, tokenToProto } from './token-mapping.js'

/** platform.v1.PlatformService: proto in, domain use case, proto out. */
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
        sandboxToken: tokenToProto(ensured.sandboxToken),
        productionToken: tokenToProto(ensured.productionToken),
      }
    },
    async getPlatformConfig(_req: unknown, ctx: HandlerContext): Promise<GetPlatformConfigResponse> {
      return { config: configToProto(await getConfig(deps, tenantFrom(ctx))) }
    },
    async updatePlatformConfig(req: UpdatePlatformConfigRequest, ctx: HandlerContext): Promise<UpdatePlatformConfigResponse> {
      return { config: configToProto(await updateConfig(deps, tenantFrom(ctx), configUpdateFromProto(req))) }
    },
    async createToken(req: CreateTokenRequest, ctx: HandlerContext): Promise<CreateTokenResponse> {
      const input = { name: req.name, permissions: permissionsFromProto(req.permissions) }
      return { token: tokenToProto(await createToken(deps, tenantFrom(ctx), input)) }
    },
    async listTokens(req: ListTokensRequest, ctx: HandlerContext): Promise<ListTokensResponse> {
      const page = await listTokens(deps, tenantFrom(ctx), listQueryFromProto(req))
      return { ...page, data: page.data.map(tokenToProto) }
    },
    async getToken(req: GetTokenRequest, ctx: HandlerContext): Promise<GetTokenResponse> {
      return { token: tokenToProto(await getToken(deps, tenantFrom(ctx), req.tokenId)) }
    },
    async deleteToken(req: DeleteTokenRequest, ctx: HandlerContext): Promise<DeleteTokenResponse> {
      await deleteToken(deps, tenantFrom(ctx), req.tokenId)
      return {}
    },
  })
}
