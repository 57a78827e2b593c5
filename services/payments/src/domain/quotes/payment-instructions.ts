/**
 * Where to send the money that funds a quote, as stored with it (JSON). Types rather than
 * interfaces, so that they are JSON values to Prisma as they are.
 */
export type PaymentInstructions = {
  instructionsNotes: string
  isPlatformAccount: boolean
  accountOrWalletInfo: AccountDetails
}

/** The reference's account-or-wallet info: which fields an account has besides its type (and rails) depends on its type. */
type AccountDetails = { accountType: string; paymentRails?: string[]; [field: string]: string | string[] | undefined }

/**
 * Where a sandbox realtime-funded quote's money is sent: the sandbox rail's collection account in
 * the funding currency, told apart by the quote's reference (which /sandbox/send stands in for).
 * Currencies without a collection account here get no instructions.
 */
export function sandboxFundingInstructions(quoteId: string, currency: string): PaymentInstructions[] {
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

/** The sandbox's collection accounts; the numbers are test values no real network routes. */
const COLLECTION_ACCOUNTS: Record<string, AccountDetails> = {
  USD: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP'], accountNumber: '000123456789', routingNumber: '021000021', bankName: 'Sandbox Collections Bank' },
  EUR: { accountType: 'EUR_ACCOUNT', paymentRails: ['SEPA', 'SEPA_INSTANT'], iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', bankName: 'Sandbox Collections Bank' },
  MXN: { accountType: 'MXN_ACCOUNT', paymentRails: ['SPEI'], clabeNumber: '032180000118359719', bankName: 'Sandbox Collections Bank' },
  GBP: { accountType: 'GBP_ACCOUNT', paymentRails: ['FASTER_PAYMENTS'], accountNumber: '31926819', sortCode: '601613', bankName: 'Sandbox Collections Bank' },
  BTC: { accountType: 'SPARK_WALLET', paymentRails: ['SPARK'], assetType: 'BTC', address: 'spark1sandboxcollectionaddress0000000000000000000000000000' },
}

/**
 * An EMBEDDED_WALLET-sourced quote's one instruction: the payload its wallet's session signs;
 * the stamp sent as Service-Wallet-Signature on execute releases the payment in one call.
 */
export const walletSigningInstructions = (payloadToSign: string): PaymentInstructions[] => [
  {
    instructionsNotes: 'Stamp payloadToSign with a session key of the source wallet and send it as Service-Wallet-Signature on POST /quotes/{quoteId}/execute',
    isPlatformAccount: false,
    accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign },
  },
]
