import { ApiError, invalidInput } from '@pp/errors'
import { assertId, newId } from '@pp/ids'
import { answerOnce, idempotentCall, storeAnswer, type IdempotentCall } from '@pp/db'
import { changeLiveCards, insertCard, lockLiveCards, replaceFundingSources } from '../../db/cards.db.js'
import { insertJob } from '../../db/jobs.db.js'
import type { CardsDeps } from '../deps.js'
import { panBinding } from '../secrets/card-number.js'
import { tenantOf, type Caller, type CardRecord, type CardView, type CardWithSources } from '../types.js'
import { bindingsFor, checkFundingSources } from './funding-sources.js'
import { cardView } from './view.js'

const FORMS = ['VIRTUAL']
const PLATFORM_CARD_ID_MAX = 255

export interface CreateCardInput {
  cardholderId: string
  platformCardId?: string
  form: string
  fundingSources: string[]
  maxSpendPerTransaction?: bigint
}

/**
 * Issues a card: PROCESSING until its activation job makes it ACTIVE. The card, its bindings, the
 * slot it takes and the job commit together; with an Idempotency-Key a retry (even a racing one)
 * answers the first card.
 */
export async function createCard(deps: CardsDeps, caller: Caller, input: CreateCardInput): Promise<CardView> {
  const call = caller.idempotencyKey === undefined ? undefined : idempotentCall(caller.idempotencyKey, 'CreateCard', input, deps)
  return answerOnce(deps.sql, tenantOf(caller), call, async () => insertNewCard(deps, caller, await prepareCard(deps, caller, input), call))
}

function assertShape(input: CreateCardInput): void {
  assertId('Customer', input.cardholderId, 'cardholderId')
  const errors = [
    ...(FORMS.includes(input.form) ? [] : [{ field: 'form', message: 'must be VIRTUAL', constraint: { enum: [...FORMS] } }]),
    ...(input.maxSpendPerTransaction === undefined || input.maxSpendPerTransaction > 0n
      ? []
      : [{ field: 'maxSpendPerTransaction', message: 'must be a positive integer' }]),
    ...(input.platformCardId === undefined || (input.platformCardId.length >= 1 && input.platformCardId.length <= PLATFORM_CARD_ID_MAX)
      ? []
      : [{ field: 'platformCardId', message: `1 to ${PLATFORM_CARD_ID_MAX} characters`, constraint: { maxLength: PLATFORM_CARD_ID_MAX } }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
}

/** The checks that need no lock, and the issuer's card, sealed. */
async function prepareCard(deps: CardsDeps, caller: Caller, input: CreateCardInput): Promise<CardWithSources> {
  assertShape(input)
  const issuer = deps.issuers[caller.environment]
  const cardholder = await deps.directory.cardholder(caller, input.cardholderId)
  if (cardholder.isDeleted) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${input.cardholderId} not found`)
  if (cardholder.verificationStatus !== 'APPROVED') {
    throw new ApiError('CARDHOLDER_KYC_NOT_APPROVED', `The cardholder's verification is ${cardholder.verificationStatus || 'not started'}, not APPROVED`)
  }
  const { accounts, currency } = await checkFundingSources(deps, caller, input.cardholderId, input.fundingSources)
  const now = deps.now()
  const id = newId('Card')
  const issued = issuer.issue(id, now)
  const card: CardRecord = {
    id,
    ...tenantOf(caller),
    cardholderId: input.cardholderId,
    platformCustomerId: cardholder.platformCustomerId,
    platformCardId: input.platformCardId ?? null,
    state: 'PROCESSING',
    stateReason: null,
    brand: issued.brand,
    form: input.form,
    currency,
    last4: issued.pan.slice(-4),
    expMonth: issued.expMonth,
    expYear: issued.expYear,
    panSealed: deps.keyring.seal(Buffer.from(issued.pan), panBinding(id)),
    panKeyId: deps.keyring.currentKeyId,
    maxSpendPerTransaction: input.maxSpendPerTransaction ?? null,
    processorRef: issued.processorRef,
    issuerRef: issued.issuerRef,
    createdAt: now,
    updatedAt: now,
  }
  return { card, sources: bindingsFor(accounts, []) }
}

/** Takes a slot under the tenant's lock, so two creations never both take the last one. */
function insertNewCard(deps: CardsDeps, caller: Caller, { card, sources }: CardWithSources, call?: IdempotentCall): Promise<CardView> {
  const tenant = tenantOf(caller)
  return deps.sql.transaction(async (tx) => {
    const live = await lockLiveCards(tx, tenant, card.cardholderId)
    if (live.platform >= deps.settings.maxLivePerPlatform) {
      throw new ApiError('CARD_LIMIT_REACHED', `The platform holds its maximum of ${deps.settings.maxLivePerPlatform} live cards; close one first`)
    }
    if (deps.settings.onePerCardholder && live.cardholder > 0) {
      throw new ApiError('CARD_LIMIT_REACHED', 'The cardholder already holds a live card; close it first')
    }
    await insertCard(tx, card)
    await replaceFundingSources(tx, card.id, sources, [], card.createdAt)
    await changeLiveCards(tx, tenant, 1)
    const runAt = new Date(card.createdAt.getTime() + deps.settings.activationDelayMs)
    await insertJob(tx, { id: newId('Job'), kind: 'ACTIVATE_CARD', cardId: card.id, cardTransactionId: null, runAt }, card.createdAt)
    const view = cardView({ card, sources })
    if (call) await storeAnswer(tx, tenant, call, view, card.createdAt)
    return view
  })
}
