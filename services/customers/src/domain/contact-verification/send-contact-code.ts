import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { contactProofs, lockOrCreateContactChannel, storeIssuedCode } from '../../db/contact-verifications.db.js'
import { findCustomer } from '../../db/customers.db.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertChannel, contactToVerify } from './channel-rules.js'
import { contactCodeParts } from './code-parts.js'
import { countSend } from './send-throttle.js'

/**
 * verify-email / verify-phone: sends (or resends) a one-time code; 409 once the channel is VERIFIED,
 * 429 RATE_LIMITED past the channel's throttle. Checked, sent and counted under the channel's row
 * lock, so parallel resends cannot pass the throttle; delivery runs inside that transaction, as
 * wallet-auth's does, so a failed one counts nothing and leaves the earlier code in place.
 */
export async function sendContactCode(deps: CustomersDeps, caller: Caller, customerId: string, channelName: string): Promise<void> {
  const channel = assertChannel(channelName)
  const tenant = tenantOf(caller)
  const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenant, customerId), customerId))
  const sentTo = contactToVerify(customer, channel)
  const proofs = (await contactProofs(deps.db, [customer.id])).get(customer.id) ?? []
  if (proofs.some((p) => p.channel === channel && p.verifiedContact === sentTo)) {
    throw new ApiError('CONFLICT', `The customer's ${channel.toLowerCase()} is already VERIFIED`)
  }
  const now = deps.now()
  await inTransaction(deps.db, async (tx) => {
    const row = await lockOrCreateContactChannel(tx, tenant, customer.id, channel, now)
    const count = countSend(row, now, deps.settings)
    const code = await deps.verification[caller.environment].sendContactCode(channel, sentTo, {
      kind: 'CONTACT_VERIFICATION',
      validForMs: deps.settings.contactCodeTtlMs,
    })
    await storeIssuedCode(tx, row, {
      ...count,
      sentTo,
      codeHash: deps.codes.digest(...contactCodeParts(customer.id, channel, sentTo, code)),
      codeExpiresAt: new Date(now.getTime() + deps.settings.contactCodeTtlMs),
    }, now)
  })
}
