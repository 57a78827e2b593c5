import type { PlatformFacts } from '../types.js'
import type { FeeSchedule } from './pricing.js'

/** A quote request's own platform fee, in place of the platform's configured one. */
export interface PlatformFeeOverride {
  platformFixedFee?: { amount: bigint }
  platformVariableFeeBps: number
}

/** The platform's configured fee type for conversions (the reference's CROSS_CURRENCY_TRANSACTION). */
const CROSS_CURRENCY_FEE = 'CROSS_CURRENCY_TRANSACTION'

/**
 * The fees of a quote: the service's own variable fee, and the platform's fee for the corridor from
 * its configuration (conversions only), unless the request overrides it.
 */
export function feeScheduleFor(
  serviceFeeBps: number,
  platform: PlatformFacts,
  sendingCurrency: string,
  receivingCurrency: string,
  override: PlatformFeeOverride | undefined,
): FeeSchedule {
  const service = { serviceFixedFee: 0n, serviceVariableFeeBps: serviceFeeBps }
  if (override) {
    return { ...service, platformFixedFee: override.platformFixedFee?.amount ?? 0n, platformVariableFeeBps: override.platformVariableFeeBps }
  }
  const configured =
    sendingCurrency === receivingCurrency
      ? undefined
      : platform.feeConfigs.find((f) => f.feeType === CROSS_CURRENCY_FEE && f.sourceCurrency === sendingCurrency)
  return { ...service, platformFixedFee: configured?.fixedFee ?? 0n, platformVariableFeeBps: configured?.variableFeeBps ?? 0 }
}
