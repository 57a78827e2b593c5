import { isCryptoCurrency } from '@pp/money'

/** Names of customer information fields a counterparty or a provider can ask for. */
export const CUSTOMER_INFO_FIELD_NAMES = [
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID',
  'REGISTRATION_NUMBER', 'USER_TYPE', 'COUNTRY_OF_RESIDENCE', 'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME',
  'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY', 'IDENTIFIER', 'BUSINESS_TYPE',
  'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
] as const

export type CustomerInfoFieldName = (typeof CUSTOMER_INFO_FIELD_NAMES)[number]

export const TRANSACTION_TYPES = ['INCOMING', 'OUTGOING'] as const

export const FEE_TYPES = ['CROSS_CURRENCY_TRANSACTION'] as const

/** Fees can be collected only in these source currencies for now; others are NOT_IMPLEMENTED. */
export const FEE_SOURCE_CURRENCIES = ['USD'] as const

/**
 * What the payout provider of a currency needs on a customer before it can use that currency:
 * nothing for US dollars and crypto, nationality and birth date for other fiat corridors.
 */
export function providerRequiredCustomerFields(currencyCode: string): CustomerInfoFieldName[] {
  if (currencyCode === 'USD' || isCryptoCurrency(currencyCode)) return []
  return ['NATIONALITY', 'BIRTH_DATE']
}
