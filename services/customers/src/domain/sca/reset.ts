import { inTransaction } from '@pp/db'
import { ApiError, invalidInput, notConfigured } from '@pp/errors'
import { newId } from '@pp/ids'
import { lockCustomer, saveCustomer } from '../../db/customers.db.js'
import {
  activeFactors,
  completeFactorReset,
  countFactorResetsSince,
  deleteFactors,
  findFactorReset,
  insertFactorReset,
  lockLoginState,
  oldestFactorResetSince,
  recordVerifiedPhone,
  saveLoginState,
} from '../../db/sca.db.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_UPDATED } from '../../events/types.js'
import { loadCustomerView, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertFactorName } from './factors.js'
import { withoutLockout } from './lockout.js'
import { scaCustomer } from './sca-customer.js'
import type { FactorResetRow } from './types.js'

const DAY_MS = 24 * 3_600_000
/** Reset starts allowed per customer in any 24 hours. */
const RESETS_PER_DAY = 5
const E164 = /^\+[1-9]\d{1,14}$/

/**
 * POST /sca/factors/reset: opens the liveness-gated recovery of a lost factor. In sandbox liveness
 * passes at once (LIVENESS_PASSED); production has no liveness provider configured yet. 429 after
 * 5 starts in 24 hours.
 */
export async function startTwoFactorReset(deps: CustomersDeps, caller: Caller, customerId: string, factorName: string): Promise<object> {
  const factor = assertFactorName(factorName)
  const customer = await scaCustomer(deps, caller, customerId)
  if (caller.environment !== 'SANDBOX') throw notConfigured('A production liveness provider')
  const now = deps.now()
  const since = new Date(now.getTime() - DAY_MS)
  if ((await countFactorResetsSince(deps.db, customer.id, since)) >= RESETS_PER_DAY) {
    const oldest = (await oldestFactorResetSince(deps.db, customer.id, since)) ?? now
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000))
    throw new ApiError('RATE_LIMITED', `At most ${RESETS_PER_DAY} resets may start in 24 hours`, { retryAfterSeconds })
  }
  const row = {
    id: newId('ScaReset'), customerId: customer.id, factor, status: 'LIVENESS_PASSED',
    expiresAt: new Date(now.getTime() + deps.sca.resetTtlMs), completedAt: null, createdAt: now,
  }
  await insertFactorReset(deps.db, tenantOf(caller), row)
  return { resetId: row.id, expiresAt: row.expiresAt.toISOString() }
}

const shownStatus = (row: FactorResetRow, now: Date): string =>
  row.status !== 'COMPLETED' && row.expiresAt <= now ? 'EXPIRED' : row.status

async function mustFindReset(deps: CustomersDeps, customerId: string, resetId: string): Promise<FactorResetRow> {
  const row = await findFactorReset(deps.db, customerId, resetId)
  if (!row) throw new ApiError('NOT_FOUND', `Reset ${resetId} not found`)
  return row
}

/** GET /sca/factors/reset/{resetId}: the status, and whether the replacement factor is enrolled yet. */
export async function getTwoFactorReset(deps: CustomersDeps, caller: Caller, customerId: string, resetId: string): Promise<object> {
  const customer = await scaCustomer(deps, caller, customerId)
  const row = await mustFindReset(deps, customer.id, resetId)
  const now = deps.now()
  const reenrolled = row.completedAt !== null && (await activeFactors(deps.db, customer.id)).some((f) => f.factor === row.factor && f.createdAt >= row.completedAt!)
  return {
    status: shownStatus(row, now),
    factor: row.factor,
    enrollmentStatus: row.factor === 'SMS_OTP' ? null : reenrolled ? 'COMPLETED' : 'PENDING',
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }
}

/**
 * POST /sca/factors/reset/{resetId}/complete: clears the lost TOTP or passkey so the customer can
 * enrol again, or makes `mobile` the customer's verified phone for an SMS_OTP reset. Having passed
 * liveness, the customer is also out of the failed-attempt lockout: this is the one way a caller
 * ends a lock (or a suspension) before it runs out.
 */
export async function completeTwoFactorReset(
  deps: CustomersDeps,
  caller: Caller,
  input: { customerId: string; resetId: string; mobile?: string },
): Promise<void> {
  const customer = await scaCustomer(deps, caller, input.customerId)
  const row = await mustFindReset(deps, customer.id, input.resetId)
  const now = deps.now()
  if (shownStatus(row, now) !== 'LIVENESS_PASSED') {
    throw invalidInput([{ field: 'resetId', message: `the reset is ${shownStatus(row, now)}, not LIVENESS_PASSED` }], 'Reset not ready')
  }
  if (row.factor === 'SMS_OTP' && !(input.mobile && E164.test(input.mobile))) {
    throw invalidInput([{ field: 'mobile', message: 'required for an SMS_OTP reset: countryCode and number', constraint: { format: 'e.164' } }])
  }
  const tenant = tenantOf(caller)
  await inTransaction(deps.db, async (tx) => {
    if (!(await completeFactorReset(tx, row.id, now))) throw invalidInput([{ field: 'resetId', message: 'the reset was completed already' }], 'Reset not ready')
    if (row.factor !== 'SMS_OTP') {
      await deleteFactors(tx, customer.id, { factor: row.factor })
    } else {
      const current = mustExist(await lockCustomer(tx, tenant, customer.id), customer.id)
      const updated = { ...current, profile: { ...current.profile, phoneNumber: input.mobile }, updatedAt: now }
      await saveCustomer(tx, updated)
      await recordVerifiedPhone(tx, tenant, customer.id, input.mobile!, now)
      await recordEvent(tx, caller, CUSTOMER_UPDATED, await loadCustomerView(tx, updated))
    }
    await saveLoginState(tx, customer.id, withoutLockout(await lockLoginState(tx, customer.id, now)), now)
  })
}
