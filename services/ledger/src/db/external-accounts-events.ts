import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import type { ExternalAccountView } from '../domain/external-accounts/types.js'
import { EVENT_SOURCE } from '../events/types.js'
import type { Tx } from './client.js'

/** The reference's external-account-status webhook type. */
export const EXTERNAL_ACCOUNT_STATUS_UPDATED = 'EXTERNAL_ACCOUNT.STATUS_UPDATED'

/** A status change's event, in the transaction of the change; its data is the whole account. */
export async function recordExternalAccountStatusEvent(tx: Tx, origin: Origin, account: ExternalAccountView): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type: EXTERNAL_ACCOUNT_STATUS_UPDATED, ...originFields(origin), data: account })
}
