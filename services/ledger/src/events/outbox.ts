import { originFields, outboxRecord, writeOutbox, type OutboxRecord } from '@pp/events'
import { AchValidationRequested, FundsCredited } from '@pp/proto/ledger/v1/events'
import type { Origin } from '@pp/tenancy'
import { open, type Tx } from '../db/client.js'
import type { InternalAccountView } from '../domain/internal-accounts/types.js'
import { ACCOUNT_BALANCE_UPDATED, ACH_VALIDATION_REQUESTED, EVENT_SOURCE, FUNDS_CREDITED, type AccountEventType } from './types.js'

/** Records an event in the caller's transaction; the relay publishes it after commit. */
export async function recordEvent(tx: Tx, origin: Origin, type: string, data: unknown): Promise<void> {
  await writeOutbox(open(tx), EVENT_SOURCE, { type, ...originFields(origin), data })
}

/** An internal account's event; its data is the whole account as the API shows it. */
export const recordAccountEvent = (tx: Tx, origin: Origin, type: AccountEventType, account: InternalAccountView): Promise<void> =>
  recordEvent(tx, origin, type, account)

/**
 * Money credited from outside, for the payments service to record as an INCOMING transaction (it
 * alone mints transactions and sends their webhooks); the data is the proto3 JSON of the fact.
 */
export const recordFundsCredited = (tx: Tx, origin: Origin, fact: FundsCredited): Promise<void> =>
  recordEvent(tx, origin, FUNDS_CREDITED, FundsCredited.toJSON(fact))

/** A production US account to validate, for payments' ACH rail, which sends its prenote. */
export const recordAchValidationRequested = (tx: Tx, origin: Origin, fact: AchValidationRequested): Promise<void> =>
  recordEvent(tx, origin, ACH_VALIDATION_REQUESTED, AchValidationRequested.toJSON(fact))

/** A movement's INTERNAL_ACCOUNT.BALANCE_UPDATED per account, as outbox rows for the movement's own statement. */
export const balanceUpdates = (origin: Origin, accounts: InternalAccountView[]): OutboxRecord<InternalAccountView>[] =>
  accounts.map((account) => outboxRecord(EVENT_SOURCE, { type: ACCOUNT_BALANCE_UPDATED, ...originFields(origin), data: account }))
