import { inTransaction, sqlOf, storeAnswer, type IdempotentCall } from '@pp/db'
import { httpStatusOf, isApiError, type ApiError } from '@pp/errors'
import { insertJob } from '../../db/jobs.db.js'
import { discardOperation, findOperation, insertOperationOnce, markHeld } from '../../db/operations.db.js'
import { recordEvent } from '../../events/outbox.js'
import type { StablecoinsDeps } from '../deps.js'
import type { Leg } from '../types.js'
import { tenantOf, type Caller, type OperationRecord, type OperationType } from '../types.js'
import { operationView, type OperationView } from '../views.js'
import { holdId, type OperationAmounts } from './amounts.js'
import type { Operable } from './operable.js'

export interface NewOperation extends Operable {
  operationId: string
  operationType: OperationType
  amounts: OperationAmounts
  source: Record<string, string>
  destination: Record<string, string>
  /** What the hold moves: posted when the provider completes, released when it fails. */
  legs: Leg[]
}

/** Why the ledger moved the money of an operation. */
export const transferCodeOf = (operationType: string): 'FUNDING' | 'SETTLEMENT' => (operationType === 'MINT' ? 'FUNDING' : 'SETTLEMENT')

/**
 * Once the provider accepts it, the operation is recorded CREATED with its settlement job, then
 * the ledger holds its money under `<id>:hold`, then it becomes PENDING_PROVIDER with its event
 * and the key's answer. A crash or a ledger outage in between leaves a CREATED operation whose
 * job redoes the hold (the same transfer id) when it falls due, as does a retry of the key, which
 * then answers the operation as it now is; a hold the ledger refuses (INSUFFICIENT_FUNDS) leaves
 * no operation behind.
 */
export async function submitOperation(deps: StablecoinsDeps, caller: Caller, call: IdempotentCall | undefined, operation: NewOperation): Promise<OperationView> {
  const { stablecoin, account, operationId } = operation
  const tenant = tenantOf(caller)
  await deps.issuers[caller.environment].submitOperation({
    operationId,
    providerAccountId: account.providerAccountId,
    providerTokenIdentifier: stablecoin.providerTokenIdentifier,
    operationType: operation.operationType,
    fiatAmount: operation.amounts.fiatAmount,
  })
  const now = deps.now()
  const record: OperationRecord = {
    id: operationId, ...tenant, stablecoinId: stablecoin.id, operationType: operation.operationType, status: 'CREATED',
    ...operation.amounts, source: operation.source, destination: operation.destination, legs: operation.legs,
    providerStatus: 'pending', failureReason: null, createdAt: now, updatedAt: now,
  }
  const isNew = await inTransaction(deps.db, async (tx) => {
    if (!(await insertOperationOnce(tx, record))) return false
    await insertJob(tx, { kind: 'SETTLE_OPERATION', subjectId: operationId, tenant, runAt: new Date(now.getTime() + deps.sandbox.operationDelayMs) })
    return true
  })
  // not new: an earlier call with this key made it (and crashed, or is a twin still at work); the
  // ledger answers the hold it recorded, or refuses another content under the same id
  await holdOrDiscard(deps, caller, record, isNew)
  return inTransaction(deps.db, async (tx) => {
    const held = await markHeld(tx, operationId, deps.now())
    const view = operationView(held ?? (await findOperation(tx, tenant, operationId))!, stablecoin)
    if (held) await recordEvent(tx, caller, 'STABLECOIN_OPERATION.PENDING_PROVIDER', view)
    if (call) await storeAnswer(sqlOf(tx), tenant, call, view, now)
    return view
  })
}

/**
 * The hold, made now. Refused, an operation this call recorded goes as if never asked; one an
 * earlier call recorded stays, its job deciding. Any other failure leaves it to its job.
 */
async function holdOrDiscard(deps: StablecoinsDeps, caller: Caller, operation: OperationRecord, isNew: boolean): Promise<void> {
  try {
    await deps.ledger.hold(caller, holdId(operation.id), transferCodeOf(operation.operationType), operation.legs)
  } catch (err) {
    if (isNew && isRefusal(err)) await inTransaction(deps.db, (tx) => discardOperation(tx, operation.id))
    throw err
  }
}

/** The ledger said no (a 4xx: short of funds, an account closed), as opposed to not answering. */
export const isRefusal = (err: unknown): err is ApiError => isApiError(err) && httpStatusOf(err.code) < 500
