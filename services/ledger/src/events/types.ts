/** The `source` of every event this service writes: subjects are `events.ledger.<type>`. */
export const EVENT_SOURCE = 'ledger'

/** A fact for other services (ledger.v1.FundsCredited), never a webhook. */
export const FUNDS_CREDITED = 'FUNDS_CREDITED'
/** A fact for payments' ACH rail (ledger.v1.AchValidationRequested): a production US account awaits its prenote. */
export const ACH_VALIDATION_REQUESTED = 'ACH_VALIDATION_REQUESTED'
/**
 * The reference's webhook names; each carries the whole account as the API shows it. A balance
 * update follows every committed movement of an internal account, of any currency and cause, once
 * per account and ledger transaction (transfers/apply.ts); a status update, every status change.
 */
export const ACCOUNT_BALANCE_UPDATED = 'INTERNAL_ACCOUNT.BALANCE_UPDATED'
export const ACCOUNT_STATUS_UPDATED = 'INTERNAL_ACCOUNT.STATUS_UPDATED'

/** The reference's external-account-status webhook type; its data is the whole external account. */
export const EXTERNAL_ACCOUNT_STATUS_UPDATED = 'EXTERNAL_ACCOUNT.STATUS_UPDATED'

export type AccountEventType = typeof ACCOUNT_BALANCE_UPDATED | typeof ACCOUNT_STATUS_UPDATED
