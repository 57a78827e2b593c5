import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventEnvelope, type EventVerifier, type RunningConsumer } from '@pp/events'
import { isEnvironment } from '@pp/tenancy'
import { FundsCredited } from '@pp/proto/ledger/v1/events'
import type { PaymentsDeps } from '../domain/deps.js'
import { recordFundsCredited } from '../domain/transactions/funds-credited.js'

/** The fact, or undefined when the event lacks what an INCOMING transaction needs. */
function factOf(data: unknown): FundsCredited | undefined {
  const fact = FundsCredited.fromJSON(data ?? {})
  return fact.transferId && fact.accountId && fact.currency && fact.amount > 0n && fact.creditedAt ? fact : undefined
}

async function handleFundsCredited(deps: PaymentsDeps, event: EventEnvelope): Promise<void> {
  const fact = factOf(event.data)
  if (!fact || !event.platformId || !isEnvironment(event.environment)) {
    return deps.logger.warn({ eventId: event.id }, 'FUNDS_CREDITED event without a whole fact; skipped')
  }
  const origin = { platformId: event.platformId, environment: event.environment, requestId: event.requestId }
  await recordFundsCredited(deps, origin, { ...fact, creditedAt: fact.creditedAt! })
}

export interface FundsCreditedConsumerOptions {
  durablePrefix: string
  subject: string
  verifier: EventVerifier
  startTime?: Date
}

/** The durable consumer of the ledger's FUNDS_CREDITED facts; replicas share it. */
export function consumeFundsCredited(deps: PaymentsDeps, nats: NatsConnection, options: FundsCreditedConsumerOptions): Promise<RunningConsumer> {
  return consumeEvents({
    nats,
    durableName: `${options.durablePrefix}-funds-credited`,
    filterSubject: options.subject,
    logger: deps.logger,
    verifier: options.verifier,
    startTime: options.startTime,
    handle: (event) => handleFundsCredited(deps, event),
  })
}
