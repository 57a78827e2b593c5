import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import type { Tx } from '../db/client.js'
import { closePendingJobs, insertJob } from '../db/jobs.db.js'
import { findStablecoinById, updateOperationsStatus } from '../db/stablecoins.db.js'
import { recordEvent } from '../events/outbox.js'
import type { StablecoinsDeps } from './deps.js'
import { assertUsable, mustFindProviderAccount } from './provider-accounts.js'
import { mustFindStablecoin } from './stablecoins.js'
import { OPERATIONS_STATUSES, tenantOf, type Caller, type OperationsStatus, type Origin, type StablecoinRecord } from './types.js'
import { stablecoinView, type StablecoinView } from './views.js'

/** The states only the service operator sets (spec: they cannot be requested). */
export const OPERATOR_STATUSES = ['ENABLING', 'ENABLED', 'DISABLED'] as const satisfies readonly OperationsStatus[]

const REQUESTABLE_FROM = ['NOT_ENABLED', 'PENDING_APPROVAL'] as const

/**
 * NOT_ENABLED → PENDING_APPROVAL; a repeat while PENDING_APPROVAL answers the stablecoin as it is.
 * Only a provisioned token can be enabled. In sandbox the approval then runs by itself: ENABLING
 * and then ENABLED, each after the sandbox approval delay.
 */
export async function requestServiceEnablement(deps: StablecoinsDeps, caller: Caller, stablecoinId: string): Promise<StablecoinView> {
  const tenant = tenantOf(caller)
  const stablecoin = await mustFindStablecoin(deps, tenant, stablecoinId)
  assertUsable(await mustFindProviderAccount(deps, tenant, stablecoin.providerAccountId))
  assertRequestable(stablecoin)
  if (stablecoin.issuanceStatus !== 'PROVISIONED') {
    throw new ApiError('STABLECOIN_NOT_PROVISIONED', `Stablecoin ${stablecoinId} is ${stablecoin.issuanceStatus} at the provider, not PROVISIONED`, {
      stablecoinId,
      issuanceStatus: stablecoin.issuanceStatus,
    })
  }
  if (stablecoin.operationsStatus === 'PENDING_APPROVAL') return stablecoinView(stablecoin)
  const now = deps.now()
  const moved = await inTransaction(deps.db, async (tx) => {
    const record = await updateOperationsStatus(tx, stablecoinId, ['NOT_ENABLED'], 'PENDING_APPROVAL', now)
    if (!record) return undefined
    await recordEvent(tx, caller, 'STABLECOIN.PENDING_APPROVAL', stablecoinView(record))
    if (caller.environment === 'SANDBOX') {
      await insertJob(tx, { kind: 'APPROVE_ENABLEMENT', subjectId: stablecoinId, tenant, runAt: new Date(now.getTime() + deps.sandbox.approvalDelayMs) })
    }
    return record
  })
  // a concurrent request moved it first: answer it as it is now, or refuse a state moved past
  const current = moved ?? (await mustFindStablecoin(deps, tenant, stablecoinId))
  assertRequestable(current)
  return stablecoinView(current)
}

function assertRequestable(stablecoin: StablecoinRecord): void {
  if ((REQUESTABLE_FROM as readonly string[]).includes(stablecoin.operationsStatus)) return
  throw new ApiError(
    'STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE',
    `Stablecoin ${stablecoin.id} is ${stablecoin.operationsStatus}: enablement can be requested only while NOT_ENABLED`,
    { stablecoinId: stablecoin.id, serviceOperationsStatus: stablecoin.operationsStatus },
  )
}

/**
 * The operator's decision, from any state: the stablecoin moves to `status` and any sandbox
 * approval still pending is dropped, so nothing overrides the decision later.
 */
export async function setOperationsStatusAsOperator(deps: StablecoinsDeps, stablecoinId: string, status: string): Promise<StablecoinView> {
  if (!(OPERATOR_STATUSES as readonly string[]).includes(status)) {
    throw new ApiError('INVALID_INPUT', `status must be one of ${OPERATOR_STATUSES.join(', ')}`, {
      errors: [{ field: 'status', message: 'is not an operator status', constraint: { enum: [...OPERATOR_STATUSES] } }],
    })
  }
  const now = deps.now()
  const record = await inTransaction(deps.db, async (tx) => {
    const existing = await findStablecoinById(tx, stablecoinId)
    if (!existing) throw new ApiError('STABLECOIN_NOT_FOUND', `Stablecoin ${stablecoinId} not found`, { stablecoinId })
    await closePendingJobs(tx, stablecoinId, ['APPROVE_ENABLEMENT', 'COMPLETE_ENABLEMENT'], now)
    return (await moveAndAnnounce(tx, existing, OPERATIONS_STATUSES, status, now))!
  })
  return stablecoinView(record)
}

/** A sandbox approval step, when it falls due: only from the state it was scheduled for. */
export async function runEnablementStep(deps: StablecoinsDeps, tx: Tx, origin: Origin, stablecoinId: string, step: 'APPROVE_ENABLEMENT' | 'COMPLETE_ENABLEMENT'): Promise<void> {
  const now = deps.now()
  const stablecoin = await findStablecoinById(tx, stablecoinId)
  if (!stablecoin) return
  if (step === 'APPROVE_ENABLEMENT') {
    const moved = await moveAndAnnounce(tx, stablecoin, ['PENDING_APPROVAL'], 'ENABLING', now)
    if (moved) await insertJob(tx, { kind: 'COMPLETE_ENABLEMENT', subjectId: stablecoinId, tenant: tenantOf(origin), runAt: new Date(now.getTime() + deps.sandbox.approvalDelayMs) })
  } else {
    await moveAndAnnounce(tx, stablecoin, ['ENABLING'], 'ENABLED', now)
  }
}

async function moveAndAnnounce(tx: Tx, stablecoin: StablecoinRecord, from: readonly string[], to: string, at: Date): Promise<StablecoinRecord | undefined> {
  const record = await updateOperationsStatus(tx, stablecoin.id, from, to, at)
  if (record) await recordEvent(tx, tenantOf(record), `STABLECOIN.${to}`, stablecoinView(record))
  return record
}
