import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import type { Tx } from '../db/client.js'
import type { IncomingTransactionView } from '../domain/internal-accounts/incoming-payment.js'
import type { InternalAccountView } from '../domain/internal-accounts/types.js'
import { EVENT_SOURCE, INCOMING_PAYMENT, type AccountEventType } from './types.js'

/** An account event in the caller's transaction; its data is the whole account as the API shows it. */
export async function recordAccountEvent(tx: Tx, type: AccountEventType, origin: Origin, account: InternalAccountView): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, ...originFields(origin), data: account })
}

/** A payment event carries the event type and the transaction (spec, Events). */
export async function recordIncomingPayment(tx: Tx, origin: Origin, transaction: IncomingTransactionView): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type: INCOMING_PAYMENT, ...originFields(origin), data: { type: INCOMING_PAYMENT, transaction } })
}
