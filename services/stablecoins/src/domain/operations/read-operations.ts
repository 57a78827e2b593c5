import type { Page } from '@pp/paging'
import { ApiError } from '@pp/errors'
import { findOperation, findOperationPage } from '../../db/operations.db.js'
import { findStablecoin } from '../../db/stablecoins.db.js'
import type { StablecoinsDeps } from '../deps.js'
import { enumFilter, pageOf, type PageRequest } from '../paging.js'
import { mustFindStablecoin } from '../stablecoins.js'
import { OPERATION_TYPES, type Tenant } from '../types.js'
import { operationView, type OperationView } from '../views.js'

export async function getOperation(deps: StablecoinsDeps, tenant: Tenant, operationId: string): Promise<OperationView> {
  const operation = await findOperation(deps.db, tenant, operationId)
  const stablecoin = operation && (await findStablecoin(deps.db, tenant, operation.stablecoinId))
  if (!operation || !stablecoin) {
    throw new ApiError('STABLECOIN_OPERATION_NOT_FOUND', `Stablecoin operation ${operationId} not found`, { stablecoinOperationId: operationId })
  }
  return operationView(operation, stablecoin)
}

export interface ListOperationsInput extends PageRequest {
  stablecoinId: string
  operationType?: string
}

/** A stablecoin's mints and burns, newest first. */
export async function listOperations(deps: StablecoinsDeps, tenant: Tenant, input: ListOperationsInput): Promise<Page<OperationView>> {
  const operationType = enumFilter(input.operationType, OPERATION_TYPES, 'operationType')
  const stablecoin = await mustFindStablecoin(deps, tenant, input.stablecoinId)
  return pageOf(
    input,
    (after, take) => findOperationPage(deps.db, tenant, stablecoin.id, operationType, after, take),
    (row) => operationView(row, stablecoin),
  )
}
