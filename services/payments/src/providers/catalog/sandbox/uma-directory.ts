import { ApiError } from '@pp/errors'
import { scenarioSuffix } from '../../../domain/rails/payout-rail.js'
import type { UmaAddress } from '../../../domain/catalog/uma-address.js'
import type { PayerDataField, UmaProvider, UmaReceiver } from '../../../domain/catalog/types.js'

/** Currencies of a receiver at a domain no sandbox provider owns: UMA's own BTC and USD. */
const DEFAULT_CURRENCIES = ['USD', 'BTC']

/** What every sandbox counterparty asks of a payer (travel rule), and what it may use. */
const PAYER_DATA: PayerDataField[] = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'COUNTRY_OF_RESIDENCE', mandatory: false },
]

/**
 * The last three digits of the user part pick the counterparty's answer (docs/sandbox.md): 404
 * no such receiver, 400 the counterparty refuses the look-up, 424 it cannot be reached, 403 it is
 * not enabled for the platform. They
 * stay clear of 002–007, which pick the outcome of a payment to the address.
 */
const FAILURES: Record<string, () => ApiError> = {
  '404': () => new ApiError('UMA_NOT_FOUND', 'The counterparty has no receiver with this address'),
  '400': () => new ApiError('LOOKUP_REQUEST_FAILED', 'The counterparty refused the look-up request'),
  '424': () => new ApiError('LNURLP_REQUEST_FAILED', 'The counterparty did not answer the look-up request'),
  '403': () => new ApiError('COUNTERPARTY_NOT_ALLOWED', 'The counterparty has not been enabled for the platform'),
}

/** The sandbox UMA network: every other well-formed address has a receiver. */
export function sandboxUmaReceiver(address: UmaAddress, providers: readonly UmaProvider[]): UmaReceiver {
  const suffix = scenarioSuffix(address.user)
  const failure = suffix && FAILURES[suffix]
  if (failure) throw failure()
  const provider = providers.find((p) => p.domain === address.domain)
  return { currencies: provider?.supportedCurrencies ?? DEFAULT_CURRENCIES, requiredPayerDataFields: PAYER_DATA }
}
