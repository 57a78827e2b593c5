import { ApiError, invalidInput } from '@pp/errors'
import { isId, newId } from '@pp/ids'
import type { CardsDeps } from '../deps.js'
import type { Caller, FundingSourceBinding } from '../types.js'

const SOURCES_MAX = 10

export interface CheckedSources {
  accounts: { id: string; type: string }[]
  currency: string
}

/**
 * The funding sources of a card: 1 to 10 distinct internal accounts of the cardholder that can
 * fund a card (the ledger says which), all in one currency, the card's when it has one (400
 * FUNDING_SOURCE_INELIGIBLE otherwise).
 */
export async function checkFundingSources(
  deps: Pick<CardsDeps, 'directory'>,
  caller: Caller,
  cardholderId: string,
  accountIds: string[],
  cardCurrency?: string,
): Promise<CheckedSources> {
  if (accountIds.length < 1 || accountIds.length > SOURCES_MAX) {
    throw invalidInput([{ field: 'fundingSources', message: `1 to ${SOURCES_MAX} accounts` }])
  }
  if (new Set(accountIds).size !== accountIds.length) throw invalidInput([{ field: 'fundingSources', message: 'an account appears twice' }])
  const malformed = accountIds.findIndex((id) => !isId('InternalAccount', id))
  if (malformed >= 0) throw invalidInput([{ field: `fundingSources.${malformed}`, message: 'expected InternalAccount:<uuid v7>' }])
  const accounts = await Promise.all(accountIds.map((id) => deps.directory.account(caller, id)))
  const currency = cardCurrency ?? accounts[0]?.currency
  accounts.forEach((account, i) => {
    const field = `fundingSources.${i}`
    if (!account || account.customerId !== cardholderId) throw ineligible(field, `${accountIds[i]} is not an account of the cardholder`)
    if (!account.canFundCard) throw ineligible(field, `${account.id} (${account.type} in ${account.currency}) cannot fund a card`)
    if (account.currency !== currency) throw ineligible(field, `${account.id} is in ${account.currency}, the card in ${currency}`)
  })
  return { accounts: accounts.map((account) => ({ id: account!.id, type: account!.type })), currency: currency! }
}

/** The bindings for `accounts` in order, keeping the id of an account already bound. */
export function bindingsFor(accounts: CheckedSources['accounts'], current: FundingSourceBinding[]): FundingSourceBinding[] {
  return accounts.map((account, position) => ({
    id: current.find((source) => source.accountId === account.id)?.id ?? newId('CardFundingSource'),
    accountId: account.id,
    accountType: account.type,
    position,
  }))
}

const ineligible = (field: string, message: string): ApiError => new ApiError('FUNDING_SOURCE_INELIGIBLE', message, { field })
