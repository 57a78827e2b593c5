import { ApiError, invalidInput } from '@pp/errors'
import { assertId, newId } from '@pp/ids'
import { receiverCurrencies, type ReceiverCurrency } from './receiver-currencies.js'
import type { CatalogDeps, ReceiverLookupRecord } from './deps.js'
import { requireUmaAddress } from './uma-address.js'
import type { CatalogCaller, PayerDataField } from './types.js'

/** Who is paying: the reference takes the sender's UMA address, or the customer, or both. */
export interface LookupSender {
  senderUmaAddress?: string
  customerId?: string
}

export interface ReceiverLookup {
  lookupId: string
  supportedCurrencies: ReceiverCurrency[]
  requiredPayerDataFields: PayerDataField[]
}

function checkSender(sender: LookupSender): LookupSender {
  if (!sender.senderUmaAddress && !sender.customerId) {
    throw invalidInput([{ field: 'customerId', message: 'customerId or senderUmaAddress is required' }], 'The sender is missing')
  }
  return {
    senderUmaAddress: sender.senderUmaAddress && requireUmaAddress(sender.senderUmaAddress, 'senderUmaAddress').text,
    customerId: sender.customerId && assertId('Customer', sender.customerId, 'customerId'),
  }
}

/** Prices what the receiver accepts, keeps the look-up for the quote that may follow and answers it. */
async function recordLookup(
  deps: CatalogDeps,
  caller: CatalogCaller,
  found: Pick<ReceiverLookupRecord, 'kind' | 'receiver' | 'supportedCurrencies' | 'requiredPayerDataFields'>,
  sender: LookupSender,
): Promise<ReceiverLookup> {
  const supportedCurrencies = await receiverCurrencies(deps, caller, found.supportedCurrencies)
  const lookup: ReceiverLookupRecord = { ...found, ...sender, id: newId('Lookup'), createdAt: deps.now() }
  await deps.lookups.save(caller, lookup)
  return { lookupId: lookup.id, supportedCurrencies, requiredPayerDataFields: found.requiredPayerDataFields }
}

/**
 * Asks the receiver's counterparty what it accepts. 400 INVALID_UMA_ADDRESS for a malformed
 * address, 400 SELF_PAYMENT when sender and receiver are one address; the counterparty's own
 * failures (404 UMA_NOT_FOUND, ...) pass through.
 */
export async function lookupUma(
  deps: CatalogDeps,
  caller: CatalogCaller,
  receiverUmaAddress: string,
  sender: LookupSender,
): Promise<ReceiverLookup & { receiverUmaAddress: string }> {
  const receiver = requireUmaAddress(receiverUmaAddress, 'receiverUmaAddress')
  const checked = checkSender(sender)
  if (checked.senderUmaAddress === receiver.text) throw new ApiError('SELF_PAYMENT', 'The sender and the receiver are the same UMA address')
  const found = await deps.catalog[caller.environment].resolveUmaReceiver(receiver)
  const { currencies: supportedCurrencies, requiredPayerDataFields } = found
  const lookup = await recordLookup(deps, caller, { kind: 'UMA_ADDRESS', receiver: receiver.text, supportedCurrencies, requiredPayerDataFields }, checked)
  return { ...lookup, receiverUmaAddress: receiver.text }
}

/**
 * What paying one of the tenant's external accounts takes: its currency and the payer data its
 * institution wants. The ledger answers 404 ACCOUNT_NOT_FOUND for another tenant's account.
 */
export async function lookupExternalAccount(
  deps: CatalogDeps,
  caller: CatalogCaller,
  accountId: string,
  sender: LookupSender,
): Promise<ReceiverLookup & { accountId: string }> {
  assertId('ExternalAccount', accountId, 'accountId')
  const checked = checkSender(sender)
  const account = await deps.accounts.externalAccount(caller, accountId)
  const requiredPayerDataFields = deps.catalog[caller.environment].payerDataFor(account.paymentRails)
  const found = { kind: 'EXTERNAL_ACCOUNT' as const, receiver: account.id, supportedCurrencies: [account.currency], requiredPayerDataFields }
  const lookup = await recordLookup(deps, caller, found, checked)
  return { ...lookup, accountId: account.id }
}
