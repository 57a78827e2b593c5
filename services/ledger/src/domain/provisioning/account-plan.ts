import { isCryptoCurrency, isSupportedCurrency } from '@pp/money'
import type { InternalAccountType } from '../internal-accounts/types.js'
import type { PlatformSettings } from '../platform-settings.js'
import type { Environment } from '../types.js'
import type { HolderSnapshot } from './holder.js'

export interface PlannedAccount {
  type: Exclude<InternalAccountType, 'RULE_BASED'>
  currency: string
}

/** The stablecoin of the sandbox Global Account (an embedded wallet). */
const GLOBAL_ACCOUNT_CURRENCY = 'USDB'

/** One holding account per supported currency: fiat ones INTERNAL_FIAT, crypto ones INTERNAL_CRYPTO. */
export function holdingAccounts(settings: PlatformSettings): PlannedAccount[] {
  const currencies = [...new Set(settings.supportedCurrencies)].filter(isSupportedCurrency)
  return currencies.map((currency) => ({ type: isCryptoCurrency(currency) ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT', currency }))
}

/**
 * A customer's accounts: the holding accounts plus, in sandbox whenever the platform supports
 * USDB, the Global Account (spec, Internal account).
 */
export function customerAccounts(settings: PlatformSettings, environment: Environment): PlannedAccount[] {
  const accounts = holdingAccounts(settings)
  if (environment === 'SANDBOX' && settings.supportedCurrencies.includes(GLOBAL_ACCOUNT_CURRENCY)) {
    accounts.push({ type: 'EMBEDDED_WALLET', currency: GLOBAL_ACCOUNT_CURRENCY })
  }
  return accounts
}

/**
 * Accounts are provisioned for a live customer once an unregulated platform has the End User
 * Terms acceptance on file; a regulated platform needs none (spec, POST /customers rule 1).
 */
export const mayProvision = (holder: HolderSnapshot, settings: PlatformSettings): boolean =>
  !holder.isDeleted && (settings.isRegulatedFinancialInstitution || holder.isTermsAccepted)

/** Provisioning completes when the customer's verification is approved. */
export const isApproved = (holder: HolderSnapshot): boolean => holder.verificationStatus === 'APPROVED'

/** Whether an owner already holds the planned account (provisioned accounts are unique per type and currency). */
export const hasAccount = (existing: Array<{ type: string; currency: string }>, planned: PlannedAccount): boolean =>
  existing.some((account) => account.type === planned.type && account.currency === planned.currency)
