import type { Tx } from '../../db/client.js'
import { finishOperation, findOperation } from '../../db/operations.db.js'
import { findProviderAccount } from '../../db/provider-accounts.db.js'
import { findStablecoin } from '../../db/stablecoins.db.js'
import { recordEvent } from '../../events/outbox.js'
import type { StablecoinsDeps } from '../deps.js'
import type { OperationOutcome } from '../deps.js'
import type { Origin, OperationRecord, OperationType } from '../types.js'
import { operationView } from '../views.js'
import { holdId, postId, voidId } from './amounts.js'
import { isRefusal, transferCodeOf } from './submit.js'

/**
 * An operation's settlement, in its job's transaction. A hold its creation did not get to make
 * is made first (the same transfer id; a refusal fails the operation). Then the provider's
 * outcome posts the hold (COMPLETED) or releases it (FAILED), and the operation records it with
 * its event. A failure before the commit leaves the job pending; the ledger steps are idempotent,
 * so its rerun moves the money once.
 */
export async function settleOperation(deps: StablecoinsDeps, tx: Tx, origin: Origin, operationId: string): Promise<void> {
  const operation = await findOperation(tx, origin, operationId)
  if (!operation || (operation.status !== 'CREATED' && operation.status !== 'PENDING_PROVIDER')) return
  const stablecoin = (await findStablecoin(tx, origin, operation.stablecoinId))!
  const refusal = operation.status === 'CREATED' ? await redoHold(deps, origin, operation) : undefined
  const outcome = refusal ?? (await providerOutcome(deps, tx, origin, operation, stablecoin.providerTokenIdentifier, stablecoin.providerAccountId))
  if (!refusal) {
    if (outcome.status === 'COMPLETED') await deps.ledger.post(origin, postId(operationId), holdId(operationId))
    else await deps.ledger.release(origin, voidId(operationId), holdId(operationId))
  }
  const record = await finishOperation(tx, operationId, outcome, deps.now())
  if (record) await recordEvent(tx, origin, `STABLECOIN_OPERATION.${record.status}`, operationView(record, stablecoin))
}

/** The outcome that ends an operation whose hold the ledger now refuses, or undefined once it is held. */
async function redoHold(deps: StablecoinsDeps, origin: Origin, operation: OperationRecord): Promise<OperationOutcome | undefined> {
  try {
    await deps.ledger.hold(origin, holdId(operation.id), transferCodeOf(operation.operationType), operation.legs)
    return undefined
  } catch (err) {
    if (!isRefusal(err)) throw err
    return { status: 'FAILED', providerStatus: 'not_funded', failureReason: err.message }
  }
}

async function providerOutcome(
  deps: StablecoinsDeps, tx: Tx, origin: Origin, operation: OperationRecord, providerTokenIdentifier: string, linkId: string,
): Promise<OperationOutcome> {
  const account = (await findProviderAccount(tx, origin, linkId))!
  return deps.issuers[origin.environment].operationOutcome({
    operationId: operation.id,
    providerAccountId: account.providerAccountId,
    providerTokenIdentifier,
    operationType: operation.operationType as OperationType,
    fiatAmount: operation.fiatAmount,
  })
}
