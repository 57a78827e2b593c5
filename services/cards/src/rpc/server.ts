import { startGrpcServer, type DependencyCheck, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { CardsServiceService } from '@pp/proto/cards/v1/cards'
import type { CardsDeps } from '../domain/deps.js'
import { cardsCallers } from './callers.js'
import { cardsService } from './cards-service.js'

export const CARDS_SERVICE_NAME = 'cards.v1.CardsService'

/** Serves cards.v1.CardsService (and health, with `dependencies`) on `address`; port 0 picks a free port. */
export function buildCardsServer(deps: CardsDeps, address: string, logger: Logger, dependencies: DependencyCheck[] = []): Promise<RunningGrpcServer> {
  return startGrpcServer(address, [{ name: CARDS_SERVICE_NAME, definition: CardsServiceService, implementation: cardsService(deps, logger) }], logger, {
    dependencies,
    callers: cardsCallers,
  })
}
