import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventEnvelope, type RunningConsumer } from '@pp/events'
import type { Logger } from '@pp/logging'
import type { Db } from '../db/client.js'

/** The part of the ledger's INCOMING_PAYMENT transaction this service records. */
interface LedgerIncomingView {
  id: string
  status: string
  destination: { accountId: string; currency: string }
  receivedAmount: { amount: number }
  customerId?: string
  platformCustomerId?: string
  description?: string
  createdAt: string
  settledAt?: string
}

function viewOf(data: unknown): LedgerIncomingView | undefined {
  const transaction = (data as { transaction?: Partial<LedgerIncomingView> } | undefined)?.transaction
  const amount = transaction?.receivedAmount?.amount
  if (!transaction?.id || !transaction.destination?.accountId || !Number.isSafeInteger(amount) || !transaction.createdAt) return undefined
  return transaction as LedgerIncomingView
}

/**
 * Money the ledger credited from outside (sandbox funding, deposits to funding instructions) as an
 * INCOMING transaction, so GET /transactions lists it. The ledger already raised its event, so no
 * second one is written; a redelivered event finds its row and changes nothing.
 */
export async function recordLedgerIncomingPayment(db: Db, event: EventEnvelope, logger: Logger): Promise<void> {
  const view = viewOf(event.data)
  if (!view || !event.platformId || !event.environment) {
    return logger.warn({ eventId: event.id }, 'INCOMING_PAYMENT event without a transaction; skipped')
  }
  const amount = BigInt(view.receivedAmount.amount)
  const { currency, accountId } = view.destination
  const createdAt = new Date(view.createdAt)
  await db.transaction.createMany({
    skipDuplicates: true,
    data: [
      {
        id: view.id,
        platformId: event.platformId,
        environment: event.environment,
        type: 'INCOMING',
        direction: 'CREDIT',
        status: view.status,
        stage: 'DONE',
        outcome: 'SETTLE',
        customerId: view.customerId ?? event.platformId,
        platformCustomerId: view.platformCustomerId ?? event.platformId,
        source: {},
        destination: { destinationType: 'ACCOUNT', accountId, currency },
        sendingCurrency: currency,
        sentAmount: amount,
        receivingCurrency: currency,
        receivedAmount: amount,
        fees: 0n,
        platformFees: 0n,
        legs: [],
        description: view.description ?? null,
        reference: view.id,
        receiverIdentifier: accountId,
        settledAt: view.settledAt ? new Date(view.settledAt) : null,
        createdAt,
        updatedAt: createdAt,
      },
    ],
  })
}

export interface IncomingConsumerOptions {
  durablePrefix: string
  subject: string
  startTime?: Date
}

/** The durable consumer of the ledger's INCOMING_PAYMENT events; replicas share it. */
export function consumeLedgerIncomingPayments(db: Db, nats: NatsConnection, logger: Logger, options: IncomingConsumerOptions): Promise<RunningConsumer> {
  return consumeEvents({
    nats,
    durableName: `${options.durablePrefix}-incoming-payments`,
    filterSubject: options.subject,
    logger,
    startTime: options.startTime,
    handle: (event) => recordLedgerIncomingPayment(db, event, logger),
  })
}
