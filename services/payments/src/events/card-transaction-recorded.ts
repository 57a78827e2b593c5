import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventEnvelope, type EventVerifier, type RunningConsumer } from '@pp/events'
import { isEnvironment } from '@pp/tenancy'
import { CardTransactionRecorded } from '@pp/proto/cards/v1/events'
import type { PaymentsDeps } from '../domain/deps.js'
import { recordCardTransaction, type CardTransactionReport } from '../domain/transactions/card-transactions.js'

/** The report, or undefined when the event lacks what a listed card transaction needs. */
function reportOf(data: unknown): CardTransactionReport | undefined {
  const fact = CardTransactionRecorded.fromJSON(data ?? {})
  if (!fact.cardTransactionId || !fact.transactionJson || !fact.createdAt || !fact.updatedAt || fact.version < 1n) return undefined
  try {
    return { ...fact, version: Number(fact.version), transaction: JSON.parse(fact.transactionJson), createdAt: fact.createdAt, updatedAt: fact.updatedAt }
  } catch {
    return undefined
  }
}

async function handle(deps: PaymentsDeps, event: EventEnvelope): Promise<void> {
  const report = reportOf(event.data)
  if (!report || !event.platformId || !isEnvironment(event.environment)) {
    return deps.logger.warn({ eventId: event.id }, 'CARD_TRANSACTION_RECORDED event without a whole fact; skipped')
  }
  await recordCardTransaction(deps, { platformId: event.platformId, environment: event.environment, requestId: event.requestId }, report)
}

export interface CardTransactionConsumerOptions {
  durablePrefix: string
  subject: string
  verifier: EventVerifier
  startTime?: Date
}

/** The durable consumer of the cards service's CARD_TRANSACTION_RECORDED facts; replicas share it. */
export function consumeCardTransactions(deps: PaymentsDeps, nats: NatsConnection, options: CardTransactionConsumerOptions): Promise<RunningConsumer> {
  return consumeEvents({
    nats,
    durableName: `${options.durablePrefix}-card-transactions`,
    filterSubject: options.subject,
    logger: deps.logger,
    verifier: options.verifier,
    startTime: options.startTime,
    handle: (event) => handle(deps, event),
  })
}
