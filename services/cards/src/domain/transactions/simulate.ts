import { createHash, randomUUID } from 'node:crypto'
import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import { fingerprintOf } from '@pp/db'
import { isId, newId } from '@pp/ids'
import { findTransaction } from '../../db/card-transactions.db.js'
import { receiveMessage } from '../../db/messages.db.js'
import { requireCard } from '../cards/read-cards.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type Caller, type CardRecord, type Merchant } from '../types.js'
import { OPENING_KINDS, type MessageKind, type NetworkMessage } from './message.js'
import { refusalOf } from './preconditions.js'
import { processMessage } from './process-message.js'

export interface SimulationInput {
  amount?: bigint
  currency?: string
  merchant?: Merchant
  cardTransactionId?: string
}

const NEEDS_AMOUNT: readonly MessageKind[] = [...OPENING_KINDS, 'CLEARING', 'RETURN', 'AUTHORIZATION_ADVICE']
const NEEDS_MERCHANT: readonly MessageKind[] = [...OPENING_KINDS, 'BALANCE_INQUIRY']
const NEEDS_PARENT: readonly MessageKind[] = ['CLEARING', 'RETURN', 'AUTHORIZATION_ADVICE', 'RETURN_REVERSAL']
const DESCRIPTOR_MAX = 255

/**
 * The message's token: with an Idempotency-Key the same key always names the same message (so a
 * retry is the same network message and moves nothing twice), else a new one.
 */
function tokenOf(caller: Caller): string {
  if (caller.idempotencyKey === undefined) return `sandbox_txn_${randomUUID().replaceAll('-', '')}`
  const digest = createHash('sha256').update(`${caller.platformId}|${caller.environment}|${caller.idempotencyKey}`).digest('hex')
  return `sandbox_txn_${digest.slice(0, 32)}`
}

function assertShape(kind: MessageKind, input: SimulationInput, card: CardRecord): void {
  const errors: FieldError[] = []
  if (NEEDS_AMOUNT.includes(kind)) {
    const least = kind === 'CLEARING' ? 0n : 1n
    if (input.amount === undefined || input.amount < least) errors.push({ field: 'amount', message: `an integer of at least ${least}` })
  }
  if (OPENING_KINDS.includes(kind) && input.currency !== card.currency) {
    errors.push({ field: 'currency.code', message: `the card's currency, ${card.currency}` })
  }
  if (NEEDS_MERCHANT.includes(kind)) {
    const descriptor = input.merchant?.descriptor ?? ''
    if (descriptor.length < 1 || descriptor.length > DESCRIPTOR_MAX) {
      errors.push({ field: 'merchant.descriptor', message: `1 to ${DESCRIPTOR_MAX} characters`, constraint: { maxLength: DESCRIPTOR_MAX } })
    }
  }
  if (NEEDS_PARENT.includes(kind) && !isId('CardTransaction', input.cardTransactionId ?? '')) {
    errors.push({ field: 'cardTransactionId', message: 'expected CardTransaction:<uuid v7>' })
  }
  if (errors.length > 0) throw invalidInput(errors)
}

/** The parent must be this card's, in a status the message acts on (checked again under its lock). */
async function checkParent(deps: CardsDeps, caller: Caller, kind: MessageKind, input: SimulationInput, cardId: string): Promise<void> {
  const parent = await findTransaction(deps.sql, input.cardTransactionId!)
  if (!parent || parent.cardId !== cardId || parent.platformId !== caller.platformId || parent.environment !== caller.environment) {
    throw new ApiError('NOT_FOUND', `Card transaction ${input.cardTransactionId} not found on card ${cardId}`)
  }
  const refusal = refusalOf(kind, parent, input.amount)
  if (refusal) throw refusal
}

/**
 * A sandbox network message against a card (404 in production, where the network sends them):
 * checked, recorded with the job that would finish it after a crash, then run at once. The answer
 * is the message's token; what it did shows on the transaction and its webhooks.
 */
export async function simulate(deps: CardsDeps, caller: Caller, cardId: string, kind: MessageKind, input: SimulationInput): Promise<{ issuerTransactionToken: string }> {
  const tenant = tenantOf(caller)
  if (!deps.issuers[caller.environment].simulatesNetwork) throw new ApiError('NOT_FOUND', 'Card simulations exist in the sandbox only')
  const loaded = await requireCard(deps.sql, tenant, cardId)
  const { card } = loaded
  assertShape(kind, input, card)
  if (NEEDS_PARENT.includes(kind)) await checkParent(deps, caller, kind, input, cardId)
  const request = {
    ...(input.amount === undefined ? {} : { amount: input.amount.toString() }),
    ...(OPENING_KINDS.includes(kind) ? { currency: input.currency } : {}),
    ...(NEEDS_MERCHANT.includes(kind) ? { merchant: input.merchant } : {}),
    ...(NEEDS_PARENT.includes(kind) ? { cardTransactionId: input.cardTransactionId } : {}),
  }
  const now = deps.now()
  const received: NetworkMessage = {
    token: tokenOf(caller),
    ...tenant,
    cardId,
    kind,
    cardTransactionId: OPENING_KINDS.includes(kind) ? newId('CardTransaction') : input.cardTransactionId!,
    request,
    fingerprint: fingerprintOf({ cardId, kind, request }),
    outcome: 'RECEIVED',
    createdAt: now,
  }
  const { message, isNew } = await receiveMessage(deps.sql, received, new Date(now.getTime() + deps.settings.messageRecoveryMs))
  if (message.fingerprint !== received.fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different simulation')
  }
  if (isNew || message.outcome === 'RECEIVED') {
    // a failure here (the ledger unreachable) leaves the message to its recovery job: it is accepted
    await processMessage(deps, message, !isNew, loaded).catch((err: unknown) => deps.logger.warn({ err, token: message.token }, 'card message interrupted; its recovery job finishes it'))
  }
  return { issuerTransactionToken: message.token }
}
