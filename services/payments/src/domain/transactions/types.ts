/** A transaction as stored; db/ reads and writes it in this shape (JSON columns as unknown). */
export interface TransactionRow {
  id: string
  platformId: string
  environment: string
  quoteId: string | null
  type: string
  direction: string
  status: string
  stage: string
  outcome: string
  failureReason: string | null
  /** A rail's account of a failure (the bank's return code and reason), shown with FAILED. */
  failureDetails: unknown
  customerId: string
  platformCustomerId: string
  source: unknown
  destination: unknown
  sourceAccountType: string | null
  sendingCurrency: string
  sentAmount: bigint
  receivingCurrency: string
  receivedAmount: bigint
  fees: bigint
  platformFees: bigint
  exchangeRate: string | null
  rateDetails: unknown
  legs: unknown
  refund: unknown
  description: string | null
  paymentRail: string | null
  reference: string
  senderIdentifier: string | null
  receiverIdentifier: string | null
  settledAt: Date | null
  receiptDeliveryConfirmedAt: Date | null
  requestId: string | null
  cardJson: unknown
  cardVersion: number | null
  createdAt: Date
  updatedAt: Date
}

/** A transaction to insert: the columns left out take their defaults. */
export type NewTransactionRow = Pick<TransactionRow, 'id' | 'platformId' | 'environment' | 'type' | 'direction' | 'status' | 'stage' | 'outcome' | 'customerId' | 'platformCustomerId' | 'source' | 'destination' | 'sendingCurrency' | 'sentAmount' | 'receivingCurrency' | 'receivedAmount' | 'fees' | 'platformFees' | 'legs' | 'reference' | 'createdAt' | 'updatedAt'> &
  Partial<Pick<TransactionRow, 'quoteId' | 'failureReason' | 'sourceAccountType' | 'exchangeRate' | 'rateDetails' | 'refund' | 'description' | 'paymentRail' | 'senderIdentifier' | 'receiverIdentifier' | 'settledAt' | 'receiptDeliveryConfirmedAt' | 'requestId' | 'cardJson' | 'cardVersion'>>
