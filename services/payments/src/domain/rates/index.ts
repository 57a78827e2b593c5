/**
 * Exchange rates, for quotes and for GET /exchange-rates:
 * - `RateSource.rate(from, to)` answers `{rate, asOf}` with `rate` a decimal string of units of
 *   `to` per unit of `from`, or throws 400 QUOTE_RATE_UNAVAILABLE (`rateUnavailable`, naming the corridor);
 * - `sandboxRateSource()` (the fixed sandbox table), and for production as RATES_SOURCE chooses,
 *   `operatorRateSource()` (rates set with `pnpm admin rates set`), `feedRateSource()` (a central
 *   bank's reference rates) or `unconfiguredRateSource()`, are its providers, in src/providers/rates/;
 * - `rateSourceFor(environment, sources)` picks one per tenant environment.
 */
export { rateIfPriced, rateSourceFor, rateUnavailable, type ExchangeRate, type RateSource } from './rate-source.js'
