import { join } from 'node:path'
import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { sealingKeyring } from '@pp/secrets'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { openSql, type Sql } from '../src/db/client.js'
import type { AccountFacts, CardLedger, CardsDeps, DelegatedKeys, Directory, LedgerMove } from '../src/domain/deps.js'
import { unconfiguredIssuer } from '../src/providers/issuer/production-issuer.js'
import { sandboxIssuer } from '../src/providers/issuer/sandbox-issuer.js'

interface Hold {
  from: string | undefined
  to: string | undefined
  amount: bigint
  state: 'PENDING' | 'POSTED' | 'VOIDED'
}

/**
 * A ledger in memory with the real one's rules that card money relies on: ids are idempotency
 * keys, a debit never takes an account below zero, and a hold resolves once (a second resolution
 * by another id is a CONFLICT). Every void is counted per hold.
 */
export class MemoryLedger implements CardLedger {
  readonly available = new Map<string, bigint>()
  readonly holds = new Map<string, Hold>()
  readonly voids = new Map<string, number>()
  private readonly done = new Set<string>()

  fund(accountId: string, amount: bigint): void {
    this.available.set(accountId, (this.available.get(accountId) ?? 0n) + amount)
  }

  balance(accountId: string): bigint {
    return this.available.get(accountId) ?? 0n
  }

  private take(move: LedgerMove): boolean {
    if (move.from === 'NETWORK') return true
    if (this.balance(move.from.accountId) < move.amount) return false
    this.fund(move.from.accountId, -move.amount)
    return true
  }

  private give(accountId: string | undefined, amount: bigint): void {
    if (accountId) this.fund(accountId, amount)
  }

  async hold(_: unknown, move: LedgerMove) {
    if (this.holds.has(move.transferId)) return 'MOVED' as const
    if (!this.take(move)) return 'REFUSED' as const
    const side = (s: LedgerMove['from']) => (s === 'NETWORK' ? undefined : s.accountId)
    this.holds.set(move.transferId, { from: side(move.from), to: side(move.to), amount: move.amount, state: 'PENDING' })
    return 'MOVED' as const
  }

  async holdAndPost(origin: unknown, move: LedgerMove, postTransferId: string) {
    const held = await this.hold(origin, move)
    if (held === 'MOVED') await this.post(origin, postTransferId, move.transferId)
    return held
  }

  async transfer(_: unknown, move: LedgerMove) {
    if (this.done.has(move.transferId)) return 'MOVED' as const
    if (!this.take(move)) return 'REFUSED' as const
    this.done.add(move.transferId)
    this.give(move.to === 'NETWORK' ? undefined : move.to.accountId, move.amount)
    return 'MOVED' as const
  }

  private resolve(transferId: string, holdId: string, state: 'POSTED' | 'VOIDED'): Hold | undefined {
    if (this.done.has(transferId)) return undefined
    const hold = this.holds.get(holdId)
    if (!hold) throw new ApiError('NOT_FOUND', `Pending transfer ${holdId} not found`)
    if (hold.state !== 'PENDING') throw new ApiError('CONFLICT', `Pending transfer ${holdId} was already ${hold.state.toLowerCase()}`)
    hold.state = state
    this.done.add(transferId)
    return hold
  }

  async post(_: unknown, transferId: string, holdId: string, amount?: bigint) {
    const hold = this.resolve(transferId, holdId, 'POSTED')
    if (!hold) return
    const posted = amount ?? hold.amount
    this.give(hold.from, hold.amount - posted)
    this.give(hold.to, posted)
  }

  async release(_: unknown, transferId: string, holdId: string) {
    const hold = this.resolve(transferId, holdId, 'VOIDED')
    if (!hold) return
    this.voids.set(holdId, (this.voids.get(holdId) ?? 0) + 1)
    this.give(hold.from, hold.amount)
  }
}

/** The cardholders and accounts the tests declare. */
export class MemoryDirectory implements Directory {
  readonly accounts = new Map<string, AccountFacts>()
  readonly accountLookUps: string[] = []

  async cardholder(_: unknown, customerId: string) {
    return { id: customerId, platformCustomerId: `pc-${customerId.slice(-6)}`, verificationStatus: 'APPROVED', isDeleted: false }
  }

  async account(_: unknown, accountId: string) {
    this.accountLookUps.push(accountId)
    return this.accounts.get(accountId)
  }

  addAccount(customerId: string, type = 'INTERNAL_FIAT'): string {
    const id = newId('InternalAccount')
    this.accounts.set(id, { id, customerId, type, status: 'ACTIVE', currency: 'USD', canFundCard: true })
    return id
  }
}

/** ACTIVE delegated keys by card and funding source, and the questions asked. */
export class MemoryDelegatedKeys implements DelegatedKeys {
  readonly active = new Set<string>()
  readonly asked: string[] = []

  async hasActiveKey(_: unknown, cardId: string, fundingSourceId: string) {
    this.asked.push(fundingSourceId)
    return this.active.has(`${cardId}/${fundingSourceId}`)
  }
}

export interface CardsHarness {
  database: TestDatabase
  sql: Sql
  deps: CardsDeps
  ledger: MemoryLedger
  directory: MemoryDirectory
  keys: MemoryDelegatedKeys
  stop(): Promise<void>
}

/** A fresh migrated cards database and the service's domain over in-memory neighbours. */
export async function startCardsHarness(name: string, settings: Partial<CardsDeps['settings']> = {}): Promise<CardsHarness> {
  const database = await createTestDatabase(`cards_${name}`, join(import.meta.dirname, '../prisma/migrations'))
  const sql = openSql(database.url, 4)
  const ledger = new MemoryLedger()
  const directory = new MemoryDirectory()
  const keys = new MemoryDelegatedKeys()
  const deps: CardsDeps = {
    sql,
    directory,
    ledger,
    delegatedKeys: keys,
    issuers: { SANDBOX: sandboxIssuer('22'.repeat(32)), PRODUCTION: unconfiguredIssuer },
    keyring: sealingKeyring('11'.repeat(32)),
    revealKey: Buffer.alloc(32, 9),
    settings: {
      maxLivePerPlatform: 100,
      onePerCardholder: false,
      activationDelayMs: 0,
      pullDelayMs: 60_000,
      revealTtlMs: 60_000,
      messageRecoveryMs: 60_000,
      authorizationExpiryMs: { SANDBOX: 3_600_000, PRODUCTION: 3_600_000 },
      jobsBatch: 2,
      ...settings,
    },
    idempotencyKeyTtlMs: 60_000,
    logger: createLogger('cards-test', 'silent'),
    now: () => new Date(),
  }
  return {
    database,
    sql,
    deps,
    ledger,
    directory,
    keys,
    async stop() {
      await sql.end()
      await database.drop()
    },
  }
}
