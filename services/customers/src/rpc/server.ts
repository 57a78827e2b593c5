import { startGrpcServer, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { CustomersServiceService } from '@pp/proto/customers/v1/customers'
import type { CustomersDeps } from '../domain/deps.js'
import { customersService } from './customers-service.js'

export const CUSTOMERS_SERVICE_NAME = 'customers.v1.CustomersService'

/** Serves customers.v1.CustomersService (and health) on `address`; port 0 picks a free port. */
export function buildCustomersServer(deps: CustomersDeps, address: string, logger: Logger): Promise<RunningGrpcServer> {
  return startGrpcServer(
    address,
    [{ name: CUSTOMERS_SERVICE_NAME, definition: CustomersServiceService, implementation: customersService(deps, logger) }],
    logger,
  )
}
