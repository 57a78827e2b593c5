import { newId } from '@pp/ids'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCard } from '../src/db/cards.db.js'
import { findTransaction } from '../src/db/card-transactions.db.js'
import { findMessage } from '../src/db/messages.db.js'
import { closeCardsOfDeletedCustomer } from '../src/domain/cards/close-card.js'
import { createCard } from '../src/domain/cards/create-card.js'
import { updateCardOf } from '../src/domain/cards/update-card.js'
import { cardJobRunner } from '../src/domain/jobs/job-runner.js'
import { expireAuthorization, expiryJob } from '../src/domain/transactions/expire.js'
import { recordOutcome } from '../src/domain/transactions/record.js'
import { simulate } from '../src/domain/transactions/simulate.js'
import type { Caller } from '../src/domain/types.js'
import { startCardsHarness, type CardsHarness } from './harness.js'

/**
 * Nothing of a card is left behind: closing it releases its open authorizations, an authorization
 * no clearing settles expires after its window (a clearing after that posts as a late
 * presentment), a deleted customer's cards close, and a wallet-funded card spends only with an
 * ACTIVE delegated key. Each hold is voided once, whatever runs twice.
 */
let h: CardsHarness
const EXPIRY_MS = 400

beforeAll(async () => {
  h = await startCardsHarness('lifecycle', { authorizationExpiryMs: { SANDBOX: EXPIRY_MS, PRODUCTION: 3_600_000 } })
})
afterAll(() => h?.stop())

const callerOf = (): Caller => ({ platformId: newId('Platform'), environment: 'SANDBOX', requestId: 'req-test' })

/** Runs every job due by `at` (now), as the runner would then, until none is left. */
async function drain(at = new Date()): Promise<void> {
  const runner = cardJobRunner({ ...h.deps, now: () => at }, h.database.url)
  while ((await runner.runDue()).claimed > 0);
}

async function activeCard(caller: Caller, customerId: string, fundingSources: string[]) {
  const card = await createCard(h.deps, caller, { cardholderId: customerId, form: 'VIRTUAL', fundingSources })
  await drain()
  return card
}

/** A funded customer with an ACTIVE card on one account. */
async function fundedCard(amount: bigint, type = 'INTERNAL_FIAT') {
  const caller = callerOf()
  const customerId = newId('Customer')
  const accountId = h.directory.addAccount(customerId, type)
  h.ledger.fund(accountId, amount)
  return { caller, customerId, accountId, card: await activeCard(caller, customerId, [accountId]) }
}

/** Sends the message and answers its outcome and the transaction it opened or acted on. */
async function message(caller: Caller, cardId: string, kind: Parameters<typeof simulate>[3], input: Parameters<typeof simulate>[4]) {
  const { issuerTransactionToken } = await simulate(h.deps, caller, cardId, kind, input)
  const received = (await findMessage(h.sql, issuerTransactionToken))!
  const transaction = received.cardTransactionId ? await findTransaction(h.sql, received.cardTransactionId) : undefined
  return { outcome: received.outcome, transaction, id: received.cardTransactionId! }
}

const authorize = (caller: Caller, cardId: string, amount: bigint, kind: 'AUTHORIZATION' | 'CREDIT_AUTHORIZATION' = 'AUTHORIZATION') =>
  message(caller, cardId, kind, { amount, currency: 'USD', merchant: { descriptor: 'BLUE BOTTLE COFFEE SF' } })

const eventsOf = async (id: string): Promise<string[]> =>
  (
    await h.sql.query<{ type: string }>(
      { name: 'events_of', text: "SELECT payload->>'type' AS type FROM outbox_events WHERE payload->'data'->>'id' = $1 ORDER BY created_at, id" },
      [id],
    )
  ).map((row) => row.type)

const jobsOf = (transactionId: string) =>
  h.sql.query<{ id: string; run_at: Date; done_at: Date | null }>({ name: 'jobs_of', text: 'SELECT id, run_at, done_at FROM card_jobs WHERE card_transaction_id = $1 ORDER BY id' }, [
    transactionId,
  ])

describe('closing a card', () => {
  it('releases every open authorization once: SETTLED with nothing settled, with its webhook; cleared ones stay', async () => {
    const { caller, accountId, card } = await fundedCard(10_000n)
    const open = await authorize(caller, card.id, 1_250n)
    const credit = await authorize(caller, card.id, 300n, 'CREDIT_AUTHORIZATION')
    const cleared = await authorize(caller, card.id, 500n)
    await message(caller, card.id, 'CLEARING', { amount: 500n, cardTransactionId: cleared.id })
    expect(h.ledger.balance(accountId)).toBe(10_000n - 1_250n - 500n)

    const closed = await updateCardOf(h.deps, caller, card.id, { state: 'CLOSED' })
    expect(closed).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM', fundingSources: [] })
    await drain()
    expect(h.ledger.balance(accountId)).toBe(10_000n - 500n)
    expect((await findTransaction(h.sql, open.id))).toMatchObject({ status: 'SETTLED', settledAmount: 0n, settlementCount: 0, pullTotal: 0n })
    // the pending credit never cleared: it lapses too, nothing credited
    expect((await findTransaction(h.sql, credit.id))?.status).toBe('SETTLED')
    expect((await findTransaction(h.sql, cleared.id))?.status).toBe('SETTLED')
    expect(await eventsOf(open.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED'])
    expect([...h.ledger.voids.values()]).toEqual([1, 1])

    // the window's own expiry, a rerun of the close job: nothing more is voided or sent
    await expireAuthorization(h.deps, open.id)
    await expireAuthorization(h.deps, open.id)
    expect([...h.ledger.voids.values()]).toEqual([1, 1])
    expect(await eventsOf(open.id)).toHaveLength(2)
    await expect(updateCardOf(h.deps, caller, card.id, { state: 'CLOSED' })).rejects.toMatchObject({ code: 'CARD_ALREADY_CLOSED' })
    expect((await authorize(caller, card.id, 100n)).outcome).toBe('CARD_PAUSED')
  })

  it('makes an authorization recorded after the close commits expire at once', async () => {
    const { caller, card } = await fundedCard(1_000n)
    const t = await authorize(caller, card.id, 100n)
    await updateCardOf(h.deps, caller, card.id, { state: 'CLOSED' })
    // the close found it; one recorded later (it raced the close) gets its expiry due now
    const [closeJob, expiry] = await jobsOf(t.id)
    expect(closeJob!.id).toBe(`close:${t.id}`)
    expect(expiry!.run_at.getTime() - t.transaction!.authorizedAt.getTime()).toBe(EXPIRY_MS)
    await h.sql.query({ name: 'forget_jobs', text: 'DELETE FROM card_jobs WHERE card_transaction_id = $1' }, [t.id])
    await h.sql.query({ name: 'reopen', text: "UPDATE card_network_messages SET outcome = 'RECEIVED' WHERE card_transaction_id = $1" }, [t.id])
    const before = new Date()
    const hourLong = { settings: { ...h.deps.settings, authorizationExpiryMs: { SANDBOX: 3_600_000, PRODUCTION: 3_600_000 } } }
    const late = expiryJob(hourLong, t.transaction!, 'SANDBOX')
    await recordOutcome(h.sql, caller, t.transaction!.issuerTransactionToken, 'APPROVED', { transaction: t.transaction!, holds: [], jobs: [late] }, before)
    expect(late.runAt.getTime()).toBeGreaterThan(before.getTime())
    const [job] = await jobsOf(t.id)
    expect(job!.run_at.getTime()).toBe(before.getTime())
  })
})

describe('an authorization left open', () => {
  it('expires after its window by the job runner, its hold released and its webhook sent; a later clearing posts as a late presentment', async () => {
    const { caller, accountId, card } = await fundedCard(5_000n)
    const t = await authorize(caller, card.id, 700n)
    expect(h.ledger.balance(accountId)).toBe(4_300n)
    // started once the hold is seen: on a loaded machine the 400 ms window may pass before that
    const runner = cardJobRunner(h.deps, h.database.url).start()
    try {
      await waitUntil(async () => (await findTransaction(h.sql, t.id))?.status === 'SETTLED', 'the expiry', 10_000, 20)
      expect(Date.now() - t.transaction!.authorizedAt.getTime()).toBeGreaterThanOrEqual(EXPIRY_MS)
      expect(h.ledger.balance(accountId)).toBe(5_000n)
      expect(await eventsOf(t.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED'])

      const late = await message(caller, card.id, 'CLEARING', { amount: 700n, cardTransactionId: t.id })
      expect(late.outcome).toBe('APPROVED')
      expect(late.transaction).toMatchObject({ status: 'SETTLED', settledAmount: 700n, settlementCount: 1, pullCount: 2, pullTotal: 700n })
      expect(h.ledger.balance(accountId)).toBe(4_300n)
      // posted once: a second one is no late presentment of an expired authorization any more
      await expect(message(caller, card.id, 'CLEARING', { amount: 700n, cardTransactionId: t.id })).rejects.toMatchObject({ code: 'CONFLICT' })
    } finally {
      await runner.stop()
    }
  })

  it('is an EXCEPTION when a late presentment finds the account short; an authorization cleared in time never expires', async () => {
    const { caller, accountId, card } = await fundedCard(1_000n)
    const expiring = await authorize(caller, card.id, 800n)
    const cleared = await authorize(caller, card.id, 200n)
    await message(caller, card.id, 'CLEARING', { amount: 200n, cardTransactionId: cleared.id })
    await drain(new Date(Date.now() + EXPIRY_MS))
    expect(h.ledger.balance(accountId)).toBe(800n)
    expect((await findTransaction(h.sql, cleared.id))?.version).toBe(2)
    await authorize(caller, card.id, 500n)
    const late = await message(caller, card.id, 'CLEARING', { amount: 800n, cardTransactionId: expiring.id })
    expect(late).toMatchObject({ outcome: 'EXCEPTION', transaction: { status: 'EXCEPTION' } })
    expect(h.ledger.balance(accountId)).toBe(300n)
  })
})

describe("a deleted customer's cards", () => {
  it('close as a platform close would (CLOSED_BY_SERVICE), their holds released, once however often the deletion comes', async () => {
    const caller = callerOf()
    const customerId = newId('Customer')
    const accountId = h.directory.addAccount(customerId)
    h.ledger.fund(accountId, 3_000n)
    const cards = [await activeCard(caller, customerId, [accountId]), await activeCard(caller, customerId, [accountId])]
    const processing = await createCard(h.deps, caller, { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [accountId] })
    const bystander = await fundedCard(100n)
    const t = await authorize(caller, cards[0]!.id, 1_000n)

    expect(await closeCardsOfDeletedCustomer(h.deps, caller, customerId)).toBe(3)
    await drain()
    for (const card of [...cards, processing]) {
      expect((await findCard(h.sql, caller, card.id))?.card).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_SERVICE' })
    }
    expect(h.ledger.balance(accountId)).toBe(3_000n)
    expect((await findTransaction(h.sql, t.id))?.status).toBe('SETTLED')
    expect((await authorize(caller, cards[1]!.id, 10n)).outcome).toBe('CARD_PAUSED')
    const stateEvents = await eventsOf(cards[0]!.id)
    expect(await closeCardsOfDeletedCustomer(h.deps, caller, customerId)).toBe(0)
    expect(await eventsOf(cards[0]!.id)).toEqual(stateEvents)
    expect((await findCard(h.sql, bystander.caller, bystander.card.id))?.card.state).toBe('ACTIVE')
  })
})

describe('a wallet-funded card', () => {
  it('spends only while its funding source has an ACTIVE delegated key, asking wallet-auth for wallets alone', async () => {
    const { caller, accountId, card } = await fundedCard(1_000n, 'EMBEDDED_WALLET')
    const [binding] = (await findCard(h.sql, caller, card.id))!.sources
    expect(binding).toMatchObject({ accountId, accountType: 'EMBEDDED_WALLET' })
    expect((await authorize(caller, card.id, 100n)).outcome).toBe('DELEGATED_KEY_REQUIRED')
    expect(h.ledger.balance(accountId)).toBe(1_000n)

    h.keys.active.add(`${card.id}/${binding!.id}`)
    expect((await authorize(caller, card.id, 100n)).transaction?.status).toBe('AUTHORIZED')
    expect(h.ledger.balance(accountId)).toBe(900n)
    h.keys.active.delete(`${card.id}/${binding!.id}`)
    expect((await authorize(caller, card.id, 100n)).outcome).toBe('DELEGATED_KEY_REQUIRED')
    // credits into the wallet need no signature
    expect((await authorize(caller, card.id, 50n, 'CREDIT_AUTHORIZATION')).outcome).toBe('APPROVED')

    const fiat = await fundedCard(1_000n)
    const asked = h.keys.asked.length
    expect((await authorize(fiat.caller, fiat.card.id, 100n)).outcome).toBe('APPROVED')
    expect(h.keys.asked).toHaveLength(asked)
  })

  it('learns the type of a binding made before types were kept from the ledger, once', async () => {
    const { caller, accountId, card } = await fundedCard(1_000n, 'EMBEDDED_WALLET')
    await h.sql.query({ name: 'forget_type', text: 'UPDATE card_funding_sources SET account_type = NULL WHERE card_id = $1' }, [card.id])
    const lookUps = h.directory.accountLookUps.length
    expect((await authorize(caller, card.id, 100n)).outcome).toBe('DELEGATED_KEY_REQUIRED')
    expect((await authorize(caller, card.id, 100n)).outcome).toBe('DELEGATED_KEY_REQUIRED')
    expect(h.directory.accountLookUps.slice(lookUps)).toEqual([accountId])
  })
})
