import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  SetServiceOperationsStatusRequest,
  SetServiceOperationsStatusResponse,
  StablecoinsOperatorServiceServer,
} from '@pp/proto/stablecoins/v1/operator'
import type { StablecoinsDeps } from '../domain/deps.js'
import { setOperationsStatusAsOperator } from '../domain/enablement.js'

/** stablecoins.v1.StablecoinsOperatorService: the operator's calls; the gateway has no client of it. */
export function operatorService(deps: StablecoinsDeps, logger: Logger): StablecoinsOperatorServiceServer {
  return unaryService(logger, {
    async setServiceOperationsStatus(request: SetServiceOperationsStatusRequest): Promise<SetServiceOperationsStatusResponse> {
      return { stablecoinJson: JSON.stringify(await setOperationsStatusAsOperator(deps, request.stablecoinId, request.status)) }
    },
  })
}
