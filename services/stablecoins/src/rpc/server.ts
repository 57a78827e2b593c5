import type { ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { StablecoinsOperatorServiceService } from '@pp/proto/stablecoins/v1/operator'
import { StablecoinsServiceService } from '@pp/proto/stablecoins/v1/stablecoins'
import type { StablecoinsDeps } from '../domain/deps.js'
import { operatorService } from './operator-service.js'
import { stablecoinsService } from './stablecoins-service.js'

export const stablecoinsServiceRegistrations = (deps: StablecoinsDeps, logger: Logger): ServiceRegistration[] => [
  { name: 'stablecoins.v1.StablecoinsService', definition: StablecoinsServiceService, implementation: stablecoinsService(deps, logger) },
  { name: 'stablecoins.v1.StablecoinsOperatorService', definition: StablecoinsOperatorServiceService, implementation: operatorService(deps, logger) },
]
