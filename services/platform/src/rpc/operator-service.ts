import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreatePlatformRequest,
  CreatePlatformResponse,
  ListOperatorActionsRequest,
  OperatorAction as ProtoOperatorAction,
  ListOperatorActionsResponse,
  ListPlatformsRequest,
  ListPlatformsResponse,
  PlatformOperatorServiceServer,
  RecordOperatorActionRequest,
  RecordOperatorActionResponse,
} from '@pp/proto/platform/v1/operator'
import { listOperatorActions, recordOperatorAction } from '../domain/audit/operator-actions.js'
import type { OperatorAction } from '../domain/audit/types.js'
import type { PlatformDeps } from '../domain/deps.js'
import { createPlatform } from '../domain/platforms/create-platform.js'
import { listPlatforms } from '../domain/platforms/list-platforms.js'
import { environmentFromProto, issuedTokenToProto } from './token-mapping.js'

/**
 * platform.v1.PlatformOperatorService: the operator's calls, with no tenant; the gateway has no
 * client of it.
 */
export function platformOperatorService(deps: PlatformDeps, logger: Logger): PlatformOperatorServiceServer {
  return unaryService(logger, {
    async createPlatform(req: CreatePlatformRequest): Promise<CreatePlatformResponse> {
      const created = await createPlatform(deps, {
        name: req.name,
        isRegulatedFinancialInstitution: req.isRegulatedFinancialInstitution,
        tokenEnvironment: environmentFromProto(req.tokenEnvironment),
      })
      return { platform: created.platform, token: issuedTokenToProto(created.token) }
    },
    async listPlatforms(req: ListPlatformsRequest): Promise<ListPlatformsResponse> {
      return listPlatforms(deps, { limit: req.limit, cursor: req.cursor })
    },
    async recordOperatorAction(req: RecordOperatorActionRequest): Promise<RecordOperatorActionResponse> {
      return { action: operatorActionToProto(await recordOperatorAction(deps, req)) }
    },
    async listOperatorActions(req: ListOperatorActionsRequest): Promise<ListOperatorActionsResponse> {
      const page = await listOperatorActions(deps, { limit: req.limit, cursor: req.cursor })
      return { ...page, data: page.data.map(operatorActionToProto) }
    },
  })
}

const operatorActionToProto = (action: OperatorAction): ProtoOperatorAction => ({
  ...action,
  errorCode: action.errorCode ?? undefined,
})
