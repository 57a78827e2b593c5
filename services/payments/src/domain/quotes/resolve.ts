import { ApiError, invalidInput } from '@pp/errors'
import { isSupportedCurrency } from '@pp/money'
import type { Services } from '../deps.js'
import { requireUmaAddress } from '../catalog/uma-address.js'
import type { Caller, ExternalAccountInfo } from '../types.js'

/** Where a quote's money comes from, as the request names it (checked here). */
export interface QuoteSource {
  sourceType: string
  /** ACCOUNT: an internal account, or an external account with pull. */
  accountId?: string
  /** REALTIME_FUNDING: the customer the transfer is for. */
  customerId?: string
  /** REALTIME_FUNDING: the currency the inbound money arrives in. */
  currency?: string
  cryptoNetwork?: string
}

/** Where a quote's money goes, as the request names it (checked here). */
export interface QuoteDestination {
  destinationType: string
  /** ACCOUNT: an internal or external account. */
  accountId?: string
  paymentRail?: string
  /** UMA_ADDRESS: `$user@domain`, and the currency the receiver gets. */
  umaAddress?: string
  currency?: string
}

/** One side of a payment, with what the ledger, the rail and the API need to know about it. */
export interface ResolvedSide {
  kind: 'INTERNAL' | 'EXTERNAL' | 'REALTIME_FUNDING' | 'UMA'
  currency: string
  accountId?: string
  /** The internal account's type (EMBEDDED_WALLET needs a wallet signature to spend). */
  accountType?: string
  /** The external account's type (US_ACCOUNT...): the corridor a production rail serves. */
  externalAccountType?: string
  /** The owning customer; undefined for the platform's own accounts. */
  customerId?: string
  /** What the sandbox rail reads the scenario from. */
  counterpartyIdentifier?: string
  /** Ownership of a self-custody destination wallet is unproven. */
  ownershipUnverified?: boolean
  /** The side as the API shows it on the quote and the transaction. */
  api: Record<string, string>
}

export async function resolveSource(services: Services, caller: Caller, source: QuoteSource | undefined): Promise<ResolvedSide> {
  if (!source) throw invalidInput([{ field: 'source', message: 'required' }])
  if (source.sourceType === 'ACCOUNT') {
    const accountId = required(source.accountId, 'source.accountId')
    const side = await resolveAccount(services, caller, accountId, 'source.accountId')
    return { ...side, api: { sourceType: 'ACCOUNT', accountId, currency: side.currency } }
  }
  if (source.sourceType === 'REALTIME_FUNDING') {
    const currency = supportedCurrency(required(source.currency, 'source.currency'), 'source.currency')
    const customerId = source.customerId
    return {
      kind: 'REALTIME_FUNDING',
      currency,
      customerId,
      api: { sourceType: 'REALTIME_FUNDING', currency, ...(customerId ? { customerId } : {}), ...(source.cryptoNetwork ? { cryptoNetwork: source.cryptoNetwork } : {}) },
    }
  }
  throw invalidInput([{ field: 'source.sourceType', message: 'must be ACCOUNT or REALTIME_FUNDING', constraint: { enum: ['ACCOUNT', 'REALTIME_FUNDING'] } }])
}

export async function resolveDestination(services: Services, caller: Caller, destination: QuoteDestination | undefined): Promise<ResolvedSide> {
  if (!destination) throw invalidInput([{ field: 'destination', message: 'required' }])
  if (destination.destinationType === 'ACCOUNT') {
    const accountId = required(destination.accountId, 'destination.accountId')
    const side = await resolveAccount(services, caller, accountId, 'destination.accountId')
    const rail: Record<string, string> = destination.paymentRail ? { paymentRail: destination.paymentRail } : {}
    return { ...side, api: { destinationType: 'ACCOUNT', accountId, currency: side.currency, ...rail } }
  }
  if (destination.destinationType === 'UMA_ADDRESS') {
    const umaAddress = requireUmaAddress(required(destination.umaAddress, 'destination.umaAddress'), 'destination.umaAddress').text
    const currency = supportedCurrency(required(destination.currency, 'destination.currency'), 'destination.currency')
    return { kind: 'UMA', currency, counterpartyIdentifier: umaAddress, api: { destinationType: 'UMA_ADDRESS', umaAddress, currency } }
  }
  throw invalidInput([{ field: 'destination.destinationType', message: 'must be ACCOUNT or UMA_ADDRESS', constraint: { enum: ['ACCOUNT', 'UMA_ADDRESS'] } }])
}

/** An internal or external account of the tenant (404 ACCOUNT_NOT_FOUND for anyone else's). */
async function resolveAccount(services: Services, caller: Caller, accountId: string, field: string): Promise<Omit<ResolvedSide, 'api'>> {
  if (accountId.startsWith('InternalAccount:')) {
    const account = await services.internalAccount(caller, accountId)
    return {
      kind: 'INTERNAL',
      currency: account.currency,
      accountId,
      accountType: account.type,
      customerId: account.customerId,
    }
  }
  if (accountId.startsWith('ExternalAccount:')) {
    const { account, isOwnershipVerified } = await services.usableExternalAccount(caller, accountId)
    return {
      kind: 'EXTERNAL',
      currency: account.currency,
      accountId,
      customerId: account.customerId,
      counterpartyIdentifier: primaryIdentifier(account.accountInfo),
      externalAccountType: account.accountInfo?.accountType,
      ownershipUnverified: !isOwnershipVerified,
    }
  }
  throw invalidInput([{ field, message: 'must be an InternalAccount or ExternalAccount identifier' }])
}

/** The identifier whose last digits select a sandbox scenario: the most specific one the account has. */
export function primaryIdentifier(info: ExternalAccountInfo | undefined): string | undefined {
  if (!info) return undefined
  return (
    info.iban ?? info.clabeNumber ?? info.accountNumber ?? info.pixKey ?? info.vpa ?? info.phoneNumber ??
    info.lightningAddress ?? info.address ?? info.invoice ?? info.bolt12
  )
}

function required(value: string | undefined, field: string): string {
  if (!value) throw invalidInput([{ field, message: 'required' }])
  return value
}

function supportedCurrency(code: string, field: string): string {
  if (!isSupportedCurrency(code)) throw new ApiError('INVALID_CURRENCY', `${code} is not a supported currency`, { field })
  return code
}
