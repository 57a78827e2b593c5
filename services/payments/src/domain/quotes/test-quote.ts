import type { QuoteRow } from './types.js'

export const CREATED = new Date('2025-10-03T12:00:00Z')
export const EXPIRES = new Date('2025-10-03T12:05:00Z')
export const SOURCE_ID = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
export const DESTINATION_ID = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000003'

/** An account-sourced USD to EUR payout quote as create-quote stores it. */
export const storedQuote = (overrides: Partial<QuoteRow> = {}): QuoteRow => ({
  id: 'Quote:019542f5-b3e7-7d02-8000-000000000006',
  platformId: 'Platform:1',
  environment: 'SANDBOX',
  status: 'PENDING',
  transactionId: 'Transaction:019542f5-b3e7-7d02-8000-000000000004',
  customerId: 'Customer:1',
  platformCustomerId: 'pc-1',
  source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID, currency: 'USD' },
  destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, currency: 'EUR', paymentRail: 'SEPA' },
  sourceKind: 'INTERNAL',
  destinationKind: 'EXTERNAL',
  sourceAccountType: 'INTERNAL_FIAT',
  sendingCurrency: 'USD',
  receivingCurrency: 'EUR',
  totalSendingAmount: 10_050n,
  totalReceivingAmount: 9_200n,
  exchangeRate: '0.92',
  feesIncluded: 50n,
  platformFeesIncluded: 20n,
  rateDetails: {
    counterpartyMultiplier: '0.92',
    counterpartyFixedFee: '0',
    serviceApiMultiplier: '1',
    serviceApiFixedFee: '10',
    serviceApiVariableFeeRate: '0.002',
    serviceApiVariableFeeAmount: '20',
  },
  paymentInstructions: [],
  scaChallenge: null,
  signingRequestId: null,
  legs: [],
  outcome: 'SETTLE',
  description: 'Invoice 7',
  paymentRail: 'SEPA',
  senderIdentifier: SOURCE_ID,
  receiverIdentifier: DESTINATION_ID,
  expiresAt: EXPIRES,
  createdAt: CREATED,
  updatedAt: CREATED,
  ...overrides,
})

/** The stored quote's rate details as the API shows them. */
export const shownRateDetails = {
  counterpartyMultiplier: 0.92,
  counterpartyFixedFee: 0,
  serviceApiMultiplier: 1,
  serviceApiFixedFee: 10,
  serviceApiVariableFeeRate: 0.002,
  serviceApiVariableFeeAmount: 20,
}
