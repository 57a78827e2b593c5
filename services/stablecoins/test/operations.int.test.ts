import { join } from 'node:path'
import { createLogger } from '@pp/logging'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { ApiError } from '@pp/errors'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sandboxIssuer } from '../src/providers/issuer/sandbox-issuer.js'
import { unconfiguredIssuer } from '../src/providers/issuer/unconfigured-issuer.js'
import { open, openDb, type Db } from '../src/db/client.js'
import type { StablecoinsDeps } from '../src/domain/deps.js'
import { setOperationsStatusAsOperator } from '../src/domain/enablement.js'
import { stablecoinJobRunner } from '../src/domain/jobs.js'
import type { LedgerPort } from '../src/domain/deps.js'
import type { Leg } from '../src/domain/types.js'
import { createMint } from '../src/domain/operations/create-mint.js'
import { getOperation } from '../src/domain/operations/read-operations.js'
import { linkProviderAccount } from '../src/domain/provider-accounts.js'
import { registerStablecoin } from '../src/domain/stablecoins.js'

/**
 * The service's use cases on a real database with a ledger of the test's own, which records what
 * it moved under each transfer id and can fail on demand: a retry, a race and a ledger outage
 * move the money of an operation once.
 */
class RecordingLedger implements LedgerPort {
  readonly holds = new Map<string, Leg[]>()
  readonly posts = new Set<string>()
  readonly voids = new Set<string>()
  failures = 0
  holdFailure: ApiError | undefined

  async openTokenAccounts() {
    return { issuanceAccountId: 'LedgerAccount:issuance' }
  }
  async internalAccount() {
    return { type: 'INTERNAL_FIAT', status: 'ACTIVE', currency: 'USD' }
  }
  async externalAccount(): Promise<never> {
    throw new ApiError('ACCOUNT_NOT_FOUND')
  }
  async hold(_origin: unknown, transferId: string, _code: unknown, legs: Leg[]) {
    const failure = this.holdFailure
    this.holdFailure = undefined
    if (failure) throw failure
    this.holds.set(transferId, legs)
  }
  async post(_origin: unknown, transferId: string) {
    if (this.failures > 0) {
      this.failures -= 1
      throw new ApiError('SERVICE_UNAVAILABLE', 'the ledger is down')
    }
    this.posts.add(transferId)
  }
  async release(_origin: unknown, transferId: string) {
    this.voids.add(transferId)
  }
  close() {}
}

let database: TestDatabase
let db: Db
let clock = new Date('2026-11-27T09:00:00Z')
const ledger = new RecordingLedger()
let deps: StablecoinsDeps
const caller = (idempotencyKey?: string) => ({ platformId: 'Platform:test', environment: 'SANDBOX' as const, requestId: 'r', idempotencyKey })

beforeAll(async () => {
  database = await createTestDatabase('stablecoins_ops', join(import.meta.dirname, '../prisma/migrations'))
  db = openDb(database.url, 4)
  deps = {
    db, ledger, issuers: { SANDBOX: sandboxIssuer, PRODUCTION: unconfiguredIssuer },
    sandbox: { approvalDelayMs: 1_000, operationDelayMs: 1_000 },
    now: () => clock, idempotencyKeyTtlMs: 86_400_000, logger: createLogger('stablecoins-test', 'silent'),
  }
})

const runDueJobs = async (): Promise<number> => (await stablecoinJobRunner(deps, database.url).runDue()).claimed

afterAll(async () => {
  await open(db)?.$disconnect()
  await database?.drop()
})

it('a mint retried, raced and settled through a ledger outage holds and posts its money once', async () => {
  const account = await linkProviderAccount(deps, caller('link'), { provider: 'BRALE', apiClientId: 'c', apiClientSecret: 's' })
  const coin = await registerStablecoin(deps, caller('register'), { providerTokenIdentifier: 'usdx', networkTokenIdentifier: 'spark1usdx', network: 'SPARK', providerAccountId: account.id })
  await setOperationsStatusAsOperator(deps, coin.id, 'ENABLED')
  const input = { stablecoinId: coin.id, amount: '5000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:usd' }, destinationAccountId: coin.id }

  const answers = await Promise.all([createMint(deps, caller('mint-1'), input), createMint(deps, caller('mint-1'), input), createMint(deps, caller('mint-1'), input)])
  expect(new Set(answers.map((a) => a.id)).size).toBe(1)
  const id = answers[0]!.id
  expect([...ledger.holds.keys()]).toEqual([`${id}:hold`])
  expect(ledger.holds.get(`${id}:hold`)!.map((leg) => [leg.currency, leg.amount])).toEqual([['USD', 500n], ['USDX', 5_000_000n]])

  // not due yet
  expect(await runDueJobs()).toBe(0)
  clock = new Date(clock.getTime() + 1_000)
  ledger.failures = 1
  expect(await runDueJobs()).toBe(1)
  expect((await getOperation(deps, caller(), id)).status).toBe('PENDING_PROVIDER')
  expect(ledger.posts.size).toBe(0)

  // postponed: it runs again once its retry falls due
  expect(await runDueJobs()).toBe(0)
  clock = new Date(clock.getTime() + 60_000)
  expect(await runDueJobs()).toBe(1)
  expect((await getOperation(deps, caller(), id)).status).toBe('COMPLETED')
  expect([...ledger.posts]).toEqual([`${id}:post`])
  expect(await runDueJobs()).toBe(0)

  const retry = await createMint(deps, caller('mint-1'), input)
  expect(retry).toEqual(answers[0])
  expect(ledger.holds.size).toBe(1)
})

it('a hold the ledger did not answer is redone by the job or a retry; one it refused leaves nothing behind', async () => {
  const account = await linkProviderAccount(deps, caller('link-2'), { provider: 'BRALE', apiClientId: 'c2', apiClientSecret: 's' })
  const coin = await registerStablecoin(deps, caller('register-2'), { providerTokenIdentifier: 'eurx', networkTokenIdentifier: 'spark1eurx', network: 'SPARK', providerAccountId: account.id })
  await setOperationsStatusAsOperator(deps, coin.id, 'ENABLED')
  const input = (amount: string) => ({ stablecoinId: coin.id, amount, fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:usd' }, destinationAccountId: coin.id })
  const operationsOf = () => open(db).operation.findMany({ where: { stablecoinId: coin.id }, orderBy: { createdAt: 'asc' } })

  ledger.holdFailure = new ApiError('INSUFFICIENT_FUNDS')
  await expect(createMint(deps, caller('refused'), input('1000000'))).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
  expect(await operationsOf()).toEqual([])
  expect(await open(db).job.count({ where: { doneAt: null } })).toBe(0)

  // the ledger does not answer: the operation waits CREATED, and its job makes the hold and settles it
  ledger.holdFailure = new ApiError('SERVICE_UNAVAILABLE')
  await expect(createMint(deps, caller('unanswered'), input('2000000'))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
  const [waiting] = await operationsOf()
  expect(waiting!.status).toBe('CREATED')
  clock = new Date(clock.getTime() + 1_000)
  expect(await runDueJobs()).toBe(1)
  expect((await getOperation(deps, caller(), waiting!.id)).status).toBe('COMPLETED')
  expect([ledger.holds.has(`${waiting!.id}:hold`), ledger.posts.has(`${waiting!.id}:post`)]).toEqual([true, true])

  // a retry of the key answers the operation as it now is, and moves nothing again
  const posts = ledger.posts.size
  expect(await createMint(deps, caller('unanswered'), input('2000000'))).toMatchObject({ id: waiting!.id, status: 'COMPLETED' })
  expect(ledger.posts.size).toBe(posts)
  expect(await operationsOf()).toHaveLength(1)
})
