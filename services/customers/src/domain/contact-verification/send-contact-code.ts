import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { contactProofs, storeIssuedCode } from '../../db/contact-verifications.db.js'
import { findCustomer } from '../../db/customers.db.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertChannel, contactToVerify } from './channel-rules.js'
import { hashContactCode } from './code-hash.js'

/** verify-email / verify-phone: sends (or resends) a one-time code; 409 once the channel is VERIFIED. */
export async function sendContactCode(deps: CustomersDeps, caller: Caller, customerId: string, channelName: string): Promise<void> {
  const channel = assertChannel(channelName)
  const tenant = tenantOf(caller)
  const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenant, customerId), customerId))
  const sentTo = contactToVerify(customer, channel)
  const proofs = (await contactProofs(deps.db, [customer.id])).get(customer.id) ?? []
  if (proofs.some((p) => p.channel === channel && p.verifiedContact === sentTo)) {
    throw new ApiError('CONFLICT', `The customer's ${channel.toLowerCase()} is already VERIFIED`)
  }
  const code = await deps.verification[caller.environment].sendContactCode(channel, sentTo)
  const now = deps.now()
  await inTransaction(deps.db, (tx) =>
    storeIssuedCode(tx, {
      customerId: customer.id,
      channel,
      tenant,
      sentTo,
      codeHash: hashContactCode(customer.id, channel, sentTo, code),
      codeExpiresAt: new Date(now.getTime() + deps.settings.contactCodeTtlMs),
      now,
    }),
  )
}
