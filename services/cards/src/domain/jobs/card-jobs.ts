import { findCardById, updateCard } from '../../db/cards.db.js'
import { findCard } from '../../db/cards.db.js'
import { lockTransaction } from '../../db/card-transactions.db.js'
import { findMessage } from '../../db/messages.db.js'
import type { DueJob } from '../../db/jobs.db.js'
import { CARD_STATE_CHANGE } from '../../events/types.js'
import { recordEvent } from '../../events/outbox.js'
import { cardView } from '../cards/view.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type JobKind } from '../types.js'
import { expireAuthorization } from '../transactions/expire.js'
import { processMessage } from '../transactions/process-message.js'
import { pullFromSources } from '../transactions/pulls.js'
import { spendingCheck } from '../transactions/spending-keys.js'
import { changed, writeChange } from '../transactions/record.js'

/** The issuer provisioned the card: PROCESSING → ACTIVE, announced by CARD.STATE_CHANGE. */
async function activateCard(deps: CardsDeps, cardId: string): Promise<void> {
  const found = await findCardById(deps.sql, cardId)
  if (!found) return
  await deps.sql.transaction(async (tx) => {
    const current = await findCard(tx, found.card, cardId, true)
    if (!current || current.card.state !== 'PROCESSING') return
    const card = { ...current.card, state: 'ACTIVE' as const, updatedAt: deps.now() }
    await updateCard(tx, card)
    await recordEvent(tx, tenantOf(card), CARD_STATE_CHANGE, cardView({ card, sources: current.sources }))
  })
}

/**
 * The delayed pull of an authorization (sandbox suffix 005): the hold is placed now, on the card's
 * funding sources in order (a wallet with its delegated key only), under the transaction's ids;
 * none covering it is an EXCEPTION. One that expired meanwhile has no pull pending any more.
 */
async function confirmPull(deps: CardsDeps, cardTransactionId: string): Promise<void> {
  await deps.sql.transaction(async (tx) => {
    const t = await lockTransaction(tx, cardTransactionId)
    if (!t || t.pullPending === 0) return
    const card = await findCardById(tx, t.cardId)
    const origin = tenantOf(t)
    const now = deps.now()
    const pull = await pullFromSources(deps.ledger, origin, t.issuerTransactionToken, card?.sources ?? [], t.authorizedAmount, t.currency, {
      recovering: true,
      mayDebit: spendingCheck(deps, origin, t.cardId).mayDebit,
    })
    const transaction = pull
      ? changed(t, now, { pullPending: 0, accountId: pull.accountId })
      : changed(t, now, { pullPending: 0, status: 'EXCEPTION' })
    const holds = pull ? [{ id: pull.holdId, cardTransactionId: t.id, amount: t.authorizedAmount, status: 'OPEN' as const, createdAt: now }] : []
    await writeChange(tx, origin, { transaction, holds, jobs: [] }, now)
  })
}

/** The pull succeeded but its confirmation reported a failure (sandbox suffix 006): the transaction needs attention. */
async function failConfirmation(deps: CardsDeps, cardTransactionId: string): Promise<void> {
  await deps.sql.transaction(async (tx) => {
    const t = await lockTransaction(tx, cardTransactionId)
    if (!t || t.status !== 'AUTHORIZED') return
    const now = deps.now()
    await writeChange(tx, tenantOf(t), { transaction: changed(t, now, { status: 'EXCEPTION' }), holds: [], jobs: [] }, now)
  })
}

/** A message whose run was interrupted (a crash, the ledger down): run again with the same ids. */
async function recoverMessage(deps: CardsDeps, jobId: string): Promise<void> {
  const message = await findMessage(deps.sql, jobId.slice('recover:'.length))
  if (message?.outcome === 'RECEIVED') await processMessage(deps, message, true)
}

/** The handler of each kind of card job. */
export const cardJobHandlers = (deps: CardsDeps): Record<JobKind, (job: DueJob) => Promise<void>> => ({
  ACTIVATE_CARD: (job) => activateCard(deps, job.cardId),
  CONFIRM_PULL: (job) => confirmPull(deps, job.cardTransactionId!),
  FAIL_CONFIRMATION: (job) => failConfirmation(deps, job.cardTransactionId!),
  RECOVER_MESSAGE: (job) => recoverMessage(deps, job.id),
  EXPIRE_AUTHORIZATION: (job) => expireAuthorization(deps, job.cardTransactionId!),
})
