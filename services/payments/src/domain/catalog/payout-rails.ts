/**
 * The rail a payout in each fiat currency goes through by default, one of the reference's
 * PaymentRail values. Crypto currencies move on networks, not payment rails, so they have none.
 */
const RAIL_BY_CURRENCY: Record<string, string> = {
  USD: 'ACH',
  EUR: 'SEPA_INSTANT',
  GBP: 'FASTER_PAYMENTS',
  MXN: 'SPEI',
  BRL: 'PIX',
  CAD: 'BANK_TRANSFER',
  INR: 'UPI',
  PHP: 'INSTAPAY',
  NGN: 'BANK_TRANSFER',
  KES: 'MOBILE_MONEY',
  COP: 'BRE_B',
  JPY: 'BANK_TRANSFER',
}

export const payoutRailOf = (currency: string): string | undefined => RAIL_BY_CURRENCY[currency]
