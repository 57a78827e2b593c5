import { newId } from '@pp/ids'
import type { CardsDeps } from '../deps.js'
import type { CardRecord, CardTransactionRecord, CardWithSources, Direction, FundingSourceBinding, HoldRecord, NewJob, Origin } from '../types.js'
import { expiryJob } from './expire.js'
import { sandboxOutcomeOf, type MessageKind, type NetworkMessage } from './message.js'
import { holdIdOf, pullFromSources } from './pulls.js'
import { recordOutcome, type Change } from './record.js'
import { spendingCheck, type SpendingCheck } from './spending-keys.js'

const CREDIT_KINDS: readonly MessageKind[] = ['CREDIT_AUTHORIZATION', 'FINANCIAL_CREDIT_AUTHORIZATION', 'CREDIT_AUTHORIZATION_ADVICE']

/** Why the decisioning refuses a new transaction, or undefined when it approves. Advice is decided by the network already. */
function declineOf(kind: MessageKind, card: CardWithSources, amount: bigint, descriptor: string): string | undefined {
  if (kind === 'CREDIT_AUTHORIZATION_ADVICE') return card.sources.length === 0 ? 'NO_FUNDING_SOURCE' : undefined
  const outcome = sandboxOutcomeOf(descriptor)
  if (card.card.state !== 'ACTIVE' || outcome === 'DECLINE_PAUSED') return 'CARD_PAUSED'
  if (card.sources.length === 0) return 'NO_FUNDING_SOURCE'
  if (CREDIT_KINDS.includes(kind)) return undefined
  if (outcome === 'DECLINE_FUNDS') return 'INSUFFICIENT_FUNDS'
  const limit = card.card.maxSpendPerTransaction
  if (limit !== null && amount > limit) return 'SPEND_LIMIT_EXCEEDED'
  return undefined
}

function newTransaction(message: NetworkMessage, card: CardRecord, direction: Direction, accountId: string, amount: bigint): CardTransactionRecord {
  return {
    id: message.cardTransactionId!,
    platformId: message.platformId,
    environment: message.environment,
    cardId: card.id,
    customerId: card.cardholderId,
    platformCustomerId: card.platformCustomerId,
    accountId,
    issuerTransactionToken: message.token,
    status: 'AUTHORIZED',
    direction,
    currency: card.currency,
    merchant: message.request.merchant!,
    authorizedAmount: amount,
    settledAmount: 0n,
    refundedAmount: 0n,
    pullCount: 0,
    pullTotal: 0n,
    pullPending: 0,
    refundCount: 0,
    lastReturnAmount: null,
    settlementCount: 0,
    version: 1,
    authorizedAt: message.createdAt,
    lastEventAt: message.createdAt,
    createdAt: message.createdAt,
    updatedAt: message.createdAt,
  }
}

const hold = (id: string, cardTransactionId: string, amount: bigint, status: HoldRecord['status'], at: Date): HoldRecord => ({
  id, cardTransactionId, amount, status, createdAt: at,
})

/**
 * A message that opens a card transaction: decisioning, then the money (a hold on the first funding
 * source that covers a debit, tried in the card's order; a pending or posted credit to the first
 * source), then the transaction and its webhook, with the message's outcome.
 */
export async function openTransaction(deps: CardsDeps, origin: Origin, message: NetworkMessage, card: CardWithSources, recovering: boolean): Promise<void> {
  const amount = BigInt(message.request.amount!)
  const decline = declineOf(message.kind, card, amount, message.request.merchant!.descriptor)
  const record = (outcome: string, change?: Change) => recordOutcome(deps.sql, origin, message.token, outcome, change, deps.now())
  if (decline) return record(decline)
  if (CREDIT_KINDS.includes(message.kind)) {
    const change = await credit(deps, origin, message, card, amount)
    return change ? record('APPROVED', expiring(deps, change)) : record('ACCOUNT_UNAVAILABLE')
  }
  const check = spendingCheck(deps, origin, card.card.id)
  const change = await debit(deps, origin, message, card, amount, { recovering, check })
  if (change) return record('APPROVED', expiring(deps, change))
  return record(check.keyless ? 'DELEGATED_KEY_REQUIRED' : 'INSUFFICIENT_FUNDS')
}

/** An authorization left open (AUTHORIZED) expires once its window has passed, unless a clearing settles it first. */
const expiring = (deps: CardsDeps, change: Change): Change =>
  change.transaction.status === 'AUTHORIZED' ? { ...change, jobs: [...change.jobs, expiryJob(deps, change.transaction, change.transaction.environment)] } : change

async function firstDebitable(sources: FundingSourceBinding[], check: SpendingCheck): Promise<FundingSourceBinding | undefined> {
  for (const source of sources) if (await check.mayDebit(source)) return source
  return undefined
}

interface DebitOptions {
  recovering: boolean
  check: SpendingCheck
}

async function debit(deps: CardsDeps, origin: Origin, message: NetworkMessage, card: CardWithSources, amount: bigint, options: DebitOptions): Promise<Change | undefined> {
  const { token } = message
  const outcome = sandboxOutcomeOf(message.request.merchant!.descriptor)
  const delayed = message.kind === 'AUTHORIZATION' && outcome === 'DELAYED_PULL'
  const job = (kind: NewJob['kind'], delayMs: number): NewJob => ({
    id: newId('Job'), kind, cardId: card.card.id, cardTransactionId: message.cardTransactionId, runAt: new Date(message.createdAt.getTime() + delayMs),
  })
  if (delayed) {
    // approved now; the pull on the funding source happens, and is confirmed, after the delay
    const source = await firstDebitable(card.sources, options.check)
    if (!source) return undefined
    const pending = { ...newTransaction(message, card.card, 'DEBIT', source.accountId, amount), pullCount: 1, pullTotal: amount, pullPending: 1 }
    return { transaction: pending, holds: [], jobs: [job('CONFIRM_PULL', deps.settings.pullDelayMs)] }
  }
  const financial = message.kind === 'FINANCIAL_AUTHORIZATION'
  const postTransferId = financial ? (index: number) => `${holdIdOf(token, index)}:post` : undefined
  const pull = await pullFromSources(deps.ledger, origin, token, card.sources, amount, card.card.currency, {
    postTransferId,
    recovering: options.recovering,
    mayDebit: options.check.mayDebit,
  })
  if (!pull) return undefined
  const base = { ...newTransaction(message, card.card, 'DEBIT', pull.accountId, amount), pullCount: 1, pullTotal: amount }
  if (financial) {
    return {
      transaction: { ...base, status: 'SETTLED', settledAmount: amount, settlementCount: 1 },
      holds: [hold(pull.holdId, base.id, amount, 'POSTED', message.createdAt)],
      jobs: [],
    }
  }
  return {
    transaction: base,
    holds: [hold(pull.holdId, base.id, amount, 'OPEN', message.createdAt)],
    jobs: message.kind === 'AUTHORIZATION' && outcome === 'CONFIRMATION_FAILS' ? [job('FAIL_CONFIRMATION', 0)] : [],
  }
}

/** A credit goes to the card's first funding source: pending until cleared, or at once for a financial credit. */
async function credit(deps: CardsDeps, origin: Origin, message: NetworkMessage, card: CardWithSources, amount: bigint): Promise<Change | undefined> {
  const accountId = card.sources[0]!.accountId
  const move = { transferId: holdIdOf(message.token, 0), from: 'NETWORK' as const, to: { accountId }, currency: card.card.currency, amount }
  const base = newTransaction(message, card.card, 'CREDIT', accountId, amount)
  if (message.kind === 'FINANCIAL_CREDIT_AUTHORIZATION') {
    if ((await deps.ledger.transfer(origin, move)) === 'REFUSED') return undefined
    return { transaction: { ...base, status: 'SETTLED', settledAmount: amount, settlementCount: 1 }, holds: [], jobs: [] }
  }
  if ((await deps.ledger.hold(origin, move)) === 'REFUSED') return undefined
  return { transaction: base, holds: [hold(move.transferId, base.id, amount, 'OPEN', message.createdAt)], jobs: [] }
}
