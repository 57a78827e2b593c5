import { originFields, outboxRecord, writeOutbox, type OutboxRecord } from '@pp/events'
import { FundsCredited } from '@pp/proto/ledger/v1/events'
import type { Origin } from '@pp/tenancy'
import type { Tx } from '../db/client.js'
import type { InternalAccountView } from '../domain/internal-accounts/types.js'
import { ACCOUNT_BALANCE_UPDATED, EVENT_SOURCE, FUNDS_CREDITED, type AccountEventType } from './types.js'

/** An account event in the caller's transaction; its data is the whole account as the API shows it. */
export async function recordAccountEvent(tx: Tx, type: AccountEventType, origin: Origin, account: InternalAccountView): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, ...originFields(origin), data: account })
}

/** A movement's INTERNAL_ACCOUNT.BALANCE_UPDATED per account, as outbox rows for the movement's own statement. */
export const balanceUpdates = (origin: Origin, accounts: InternalAccountView[]): OutboxRecord<InternalAccountView>[] =>
  accounts.map((account) => outboxRecord(EVENT_SOURCE, { type: ACCOUNT_BALANCE_UPDATED, ...originFields(origin), data: account }))

/**
 * Money credited from outside, for the payments service to record as an INCOMING transaction (it
 * alone mints transactions and sends their webhooks); the data is the proto3 JSON of the fact.
 */
export async function recordFundsCredited(tx: Tx, origin: Origin, fact: FundsCredited): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type: FUNDS_CREDITED, ...originFields(origin), data: FundsCredited.toJSON(fact) })
}
