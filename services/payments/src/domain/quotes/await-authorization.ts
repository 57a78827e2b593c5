import { inTransaction, sqlOf, storeAnswer, type IdempotentCall } from '@pp/db'
import { holdForAuthorization } from '../../db/quotes.db.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { findQuote } from './get-quote.js'
import { refuseUnclaimable } from './refuse-unclaimable.js'
import type { QuoteRow } from './types.js'

/**
 * The execute of an SCA-region customer's quote: the customers service opens the challenge (it
 * sends the SMS code, or issues the passkey options; 409 SCA_SESSION_REQUIRED without a session)
 * and the quote waits in PENDING_AUTHORIZATION showing it. No transaction exists and no money
 * moves until the challenge is authorized.
 */
export async function awaitAuthorization(
  deps: PaymentsDeps,
  caller: Caller,
  quote: QuoteRow,
  call: IdempotentCall | undefined,
  scaFactor: string | undefined,
): Promise<QuoteRow> {
  const tenant = tenantOf(caller)
  const challenge = JSON.parse(await deps.services.sca.issue(caller, quote.customerId!, quote.id, scaFactor)) as object
  const now = deps.now()
  const held = await inTransaction(deps.db, async (tx) => {
    if (!(await holdForAuthorization(tx, tenant, quote.id, challenge, now))) return false
    if (call) await storeAnswer(sqlOf(tx), tenant, call, { quoteId: quote.id }, now)
    return true
  })
  return held ? findQuote(deps, tenant, quote.id) : refuseUnclaimable(deps, tenant, quote.id, call, now)
}
