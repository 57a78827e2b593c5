/**
 * Exchange rates, for quotes and for GET /exchange-rates:
 * - `RateSource.rate(from, to)` answers `{rate, asOf}` with `rate` a decimal string of units of
 *   `to` per unit of `from`, or throws 400 QUOTE_RATE_UNAVAILABLE;
 * - `sandboxRateSource()` is the fixed sandbox table, `unconfiguredRateSource()` production's;
 * - `rateSourceFor(environment, sources)` picks one per tenant environment.
 */
export { rateSourceFor, sandboxRateSource, unconfiguredRateSource, type ExchangeRate, type RateSource } from './rate-source.js'
