/** A quote as stored; db/ reads and writes it in this shape (JSON columns as unknown). */
export interface QuoteRow {
  id: string
  platformId: string
  environment: string
  status: string
  transactionId: string
  customerId: string | null
  platformCustomerId: string | null
  source: unknown
  destination: unknown
  sourceKind: string
  destinationKind: string
  sourceAccountType: string | null
  sendingCurrency: string
  receivingCurrency: string
  totalSendingAmount: bigint
  totalReceivingAmount: bigint
  exchangeRate: string
  feesIncluded: bigint
  platformFeesIncluded: bigint
  rateDetails: unknown
  paymentInstructions: unknown
  scaChallenge: unknown
  signingRequestId: string | null
  legs: unknown
  outcome: string
  description: string | null
  paymentRail: string | null
  senderIdentifier: string | null
  receiverIdentifier: string | null
  expiresAt: Date
  createdAt: Date
  updatedAt: Date
}
