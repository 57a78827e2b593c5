import { invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { lockContactChannel, markContactVerified, recordFailedAttempt } from '../../db/contact-verifications.db.js'
import { findCustomer } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_UPDATED } from '../../events/types.js'
import { loadCustomerView, mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { assertChannel, contactToVerify } from './channel-rules.js'
import { contactCodeParts } from './code-parts.js'
import { isOutOfAttempts, windowEndOf } from './send-throttle.js'
import type { ContactRow } from './types.js'

const NO_VALID_CODE = 'no valid code: request a new one'

const badCode = (message: string) => invalidInput([{ field: 'code', message }], 'Invalid or expired code')

type Attempt = { view: CustomerView } | { failure: string }

/** Why a code cannot confirm the channel now, or undefined when it may be compared. */
function unusableCode(row: ContactRow | undefined, contact: string, now: Date, settings: CustomersDeps['settings']): string | undefined {
  if (!row?.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now || row.sentTo !== contact) {
    return NO_VALID_CODE
  }
  if (!isOutOfAttempts(row, settings)) return undefined
  // the wrong codes count per window, across resends: a new code helps only once the window ends
  return `too many attempts: request a new code after ${windowEndOf(row).toISOString()}`
}

/**
 * The confirm step: the channel becomes VERIFIED when the code matches the one last sent to the
 * customer's current address or number, before it expires and within the channel's wrong codes
 * of the hour. Compared and counted under the channel's row lock, so parallel guesses are counted
 * one by one.
 */
export async function confirmContact(
  deps: CustomersDeps,
  caller: Caller,
  input: { customerId: string; channel: string; code: string },
): Promise<CustomerView> {
  const channel = assertChannel(input.channel)
  const tenant = tenantOf(caller)
  const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenant, input.customerId), input.customerId))
  const contact = contactToVerify(customer, channel)
  const attempt = await inTransaction(deps.db, async (tx): Promise<Attempt> => {
    const row = await lockContactChannel(tx, customer.id, channel)
    const now = deps.now()
    const unusable = unusableCode(row, contact, now, deps.settings)
    if (!row || unusable) return { failure: unusable ?? NO_VALID_CODE }
    if (!deps.codes.matches(row.codeHash!, ...contactCodeParts(customer.id, channel, contact, input.code))) {
      await recordFailedAttempt(tx, row, now)
      return { failure: 'wrong code' }
    }
    await markContactVerified(tx, row, now)
    const view = await loadCustomerView(tx, customer)
    await recordEvent(tx, caller, CUSTOMER_UPDATED, view)
    return { view }
  })
  if ('view' in attempt) return attempt.view
  throw badCode(attempt.failure)
}
