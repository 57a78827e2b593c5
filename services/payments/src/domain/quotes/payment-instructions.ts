import type { PaymentInstructions } from '@pp/contracts'

/**
 * Where to send the money that funds a quote, as stored with it (JSON) and as the quote shows it:
 * the contract's type, so that what is stored is what the API may show.
 */
export type { PaymentInstructions }

type AccountOrWalletInfo = PaymentInstructions['accountOrWalletInfo']

/**
 * Where a sandbox realtime-funded quote's money is sent: the sandbox rail's collection account in
 * the funding currency, a bank account told apart by the quote's reference (which /sandbox/send
 * stands in for); a Spark address has no reference field. Currencies without a collection account
 * here get no instructions.
 */
export function sandboxFundingInstructions(quoteId: string, currency: string): PaymentInstructions[] {
  const reference = `RTF-${quoteId.slice(-12).toUpperCase()}`
  const collectionAccount = COLLECTION_ACCOUNTS[currency]
  if (!collectionAccount) return []
  const info = collectionAccount(reference)
  return [
    {
      instructionsNotes: 'reference' in info ? `Include the reference ${reference} so the payment is matched to the quote` : 'Send exactly the quote\'s total to this address',
      isPlatformAccount: false,
      accountOrWalletInfo: info,
    },
  ]
}

/** The sandbox's collection accounts, with the fields the contract has for each type; the numbers are test values no real network routes. */
const COLLECTION_ACCOUNTS: Record<string, (reference: string) => AccountOrWalletInfo> = {
  USD: (reference) => ({ accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP'], accountNumber: '000123456789', routingNumber: '021000021', bankName: 'Sandbox Collections Bank', reference }),
  EUR: (reference) => ({ accountType: 'EUR_ACCOUNT', paymentRails: ['SEPA', 'SEPA_INSTANT'], iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', reference }),
  MXN: (reference) => ({ accountType: 'MXN_ACCOUNT', paymentRails: ['SPEI'], clabeNumber: '032180000118359719', reference }),
  GBP: (reference) => ({ accountType: 'GBP_ACCOUNT', paymentRails: ['FASTER_PAYMENTS'], accountNumber: '31926819', sortCode: '601613', reference }),
  BTC: () => ({ accountType: 'SPARK_WALLET', assetType: 'BTC', address: 'spark1sandboxcollectionaddress0000000000000000000000000000' }),
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
