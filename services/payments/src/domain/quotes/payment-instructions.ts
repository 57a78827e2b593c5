import type { PaymentInstructions } from '@pp/proto/ledger/v1/internal_accounts'

/**
 * Where a realtime-funded quote's money is sent: the service's sandbox collection account in the
 * funding currency, told apart by the quote's reference (which /sandbox/send stands in for).
 * Currencies without a collection account here get no instructions.
 */
export function realtimeFundingInstructions(quoteId: string, currency: string): PaymentInstructions[] {
  const reference = `RTF-${quoteId.slice(-12).toUpperCase()}`
  const info = COLLECTION_ACCOUNTS[currency]
  if (!info) return []
  return [
    {
      instructionsNotes: `Include the reference ${reference} so the payment is matched to the quote`,
      isPlatformAccount: false,
      accountOrWalletInfo: { ...info, reference },
    },
  ]
}

type CollectionAccount = NonNullable<PaymentInstructions['accountOrWalletInfo']>

/** The sandbox's collection accounts; the numbers are test values no real network routes. */
const COLLECTION_ACCOUNTS: Record<string, Omit<CollectionAccount, 'reference'>> = {
  USD: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP'], accountNumber: '000123456789', routingNumber: '021000021', bankName: 'Sandbox Collections Bank' },
  EUR: { accountType: 'EUR_ACCOUNT', paymentRails: ['SEPA', 'SEPA_INSTANT'], iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', bankName: 'Sandbox Collections Bank' },
  MXN: { accountType: 'MXN_ACCOUNT', paymentRails: ['SPEI'], clabeNumber: '032180000118359719', bankName: 'Sandbox Collections Bank' },
  GBP: { accountType: 'GBP_ACCOUNT', paymentRails: ['FASTER_PAYMENTS'], accountNumber: '31926819', sortCode: '601613', bankName: 'Sandbox Collections Bank' },
  BTC: { accountType: 'SPARK_WALLET', paymentRails: ['SPARK'], assetType: 'BTC', address: 'spark1sandboxcollectionaddress0000000000000000000000000000' },
}
