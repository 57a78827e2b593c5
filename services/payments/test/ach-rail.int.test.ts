import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverInterrupted } from '../src/domain/jobs/due-jobs.js'
import type { QuoteView } from '../src/domain/quotes/view.js'
import type { AchRail } from '../src/domain/rails/ach/ach-rail.js'
import { bankingCalendar } from '../src/domain/rails/ach/banking-calendar.js'
import { runAchCutoff } from '../src/domain/rails/ach/build-file.js'
import { listOperatorQueue, resolveOperatorQueueItem } from '../src/domain/rails/bank-files/operator-items.js'
import { fetchAchInbound, processInboundFile } from '../src/domain/rails/ach/process-inbound.js'
import { settleDueEntries, validateDuePrenotes } from '../src/domain/rails/ach/settle-entries.js'
import { achValidationRequested } from '../src/events/ach-validation-requested.js'
import { open, openDb, type Db } from '../src/db/client.js'
import { sftpTransport } from '../src/providers/sftp/sftp-transport.js'
import { productionPayoutRail } from '../src/providers/rails/payout-rails.js'
import { startTestBank, type TestBank } from './bank-sftp.js'
import { balances, eventTypesOf, executedPayout, newPlatform, SLOW_CALL_MS, startHarness, transactionOf, type Harness } from './harness.js'

/** The independent NACHA parser (npm), reading back what the rail wrote. */
interface ParsedFile {
  file: { footer: { batchCount: number; entryAndAddendaCount: number; entryHash: number; totalDebit: number; totalCredit: number } }
  batches: Array<{
    entryClassCode: string
    companyId: string
    entries: Array<{ transactionCode: string; receivingDFIIdentification: number; dfiAccount: string; amount: number; individualName: string; traceNumber: number }>
    footer: { totalCredit: number; entryHash: number }
  }>
}
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as { from(source: string): { data: ParsedFile } }

const ODFI_ROUTING = '081000032'
const RECEIVER_ROUTING = '011000015'

/**
 * The US ACH rail end to end inside payments: real ledger, customers and platform processes, a
 * real Postgres, and an SFTP server on the loopback playing the bank. A production platform pays
 * its own USD account out to US bank accounts.
 */
let h: Harness
let bank: TestBank
let ach: AchRail
let ctx: Caller
let usd: string
/** The ledger's database, where the test records what no production rail reports yet. */
let ledgerDb: Db

beforeAll(async () => {
  bank = await startTestBank()
  h = await startHarness()
  ach = {
    transport: sftpTransport(bank.settings),
    settings: {
      originator: {
        immediateDestination: ODFI_ROUTING,
        immediateDestinationName: 'Example Bank',
        immediateOrigin: '1234567890',
        immediateOriginName: 'Payments Platform',
        companyName: 'Payments Platform',
        companyId: '1234567890',
        odfiIdentification: ODFI_ROUTING.slice(0, 8),
        entryDescription: 'PAYOUT',
      },
      sftp: bank.settings,
      cutoffTimes: ['14:00'],
      returnFetchTimes: ['06:00'],
      calendar: bankingCalendar(),
      effectiveDays: 1,
      settlementAfterMs: 86_400_000,
      prenoteWaitDays: 3,
      fileEntriesMax: 100,
    },
  }
  // the process's wiring with ACH configured: the gRPC server shares these deps
  h.deps.ach = ach
  h.deps.rails.PRODUCTION = productionPayoutRail({ achConfigured: true, sepaConfigured: false })
  ledgerDb = openDb(h.ledgerDatabaseUrl, 1)
  ctx = { ...(await newPlatform(h, { regulated: true })), environment: 'PRODUCTION' }
  usd = await platformUsdAccount()
  await h.deps.services.transfer(ctx, `Transfer:fund-${randomBytes(6).toString('hex')}`, 'PAYMENT', [
    { debit: { system: 'FUNDING', currency: 'USD' }, credit: { accountId: usd }, currency: 'USD', amount: '10000000' },
  ])
}, 180_000)

afterAll(async () => {
  await open(ledgerDb)?.$disconnect()
  await h?.stop()
  await bank?.close()
})

async function platformUsdAccount(): Promise<string> {
  let id: string | undefined
  await waitUntil(async () => {
    const { pageJson } = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { currency: 'USD', limit: 10 }, ctx, SLOW_CALL_MS)
    id = (JSON.parse(pageJson) as { data: Array<{ id: string; type: string }> }).data.find((a) => a.type === 'INTERNAL_FIAT')?.id
    return id !== undefined
  }, "the ledger to open the platform's production USD account", 30_000)
  return id!
}

type Beneficiary = { beneficiaryType: 'INDIVIDUAL'; fullName: string } | { beneficiaryType: 'BUSINESS'; legalName: string }

/** A new US bank account of the platform: validating until its prenote's outcome is recorded. */
async function newUsBankAccount(beneficiary: Beneficiary): Promise<{ id: string; accountNumber: string }> {
  const accountNumber = `5${randomBytes(5).readUIntBE(0, 5) % 10_000_000_000}`.padEnd(11, '7')
  const { externalAccountJson } = await callUnary(
    h.external,
    h.external.createExternalAccount,
    {
      ownerKind: 'PLATFORM',
      currency: 'USD',
      defaultUmaDepositAccount: false,
      accountInfo: { accountType: 'US_ACCOUNT', accountNumber, routingNumber: RECEIVER_ROUTING, accountCategory: 'SAVINGS', beneficiary, paymentRails: [] },
    },
    ctx,
    SLOW_CALL_MS,
  )
  const { id } = JSON.parse(externalAccountJson) as { id: string }
  return { id, accountNumber }
}

/** A US bank account whose validation the rail has recorded already (the prenote tests below go through it). */
async function usBankAccount(beneficiary: Beneficiary): Promise<{ id: string; accountNumber: string }> {
  const account = await newUsBankAccount(beneficiary)
  await h.deps.services.recordAchValidation(ctx, account.id, 'VALIDATED')
  return account
}

/** The ledger's ACH_VALIDATION_REQUESTED fact of an account, from its outbox, handed to payments' consumer as NATS would. */
async function deliverPrenoteRequest(accountId: string): Promise<void> {
  const [row] = await open(ledgerDb).$queryRaw<Array<{ payload: { data: unknown } }>>`
    SELECT payload FROM outbox_events WHERE payload->>'type' = 'ACH_VALIDATION_REQUESTED' AND payload->'data'->>'externalAccountId' = ${accountId}`
  await achValidationRequested.act(h.deps, ctx, achValidationRequested.read(row!.payload.data)!)
}

const prenoteTraceOf = async (accountId: string): Promise<string> =>
  (await open(h.db).$queryRaw<Array<{ trace_number: string }>>`SELECT trace_number FROM ach_entries WHERE kind = 'PRENOTE' AND external_account_id = ${accountId}`)[0]!.trace_number
/** The clock a week on: every prenote sent so far has passed its waiting period. */
const aWeekLater = () => ({ ...h.deps, now: () => new Date(Date.now() + 7 * 86_400_000) })
const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (err: unknown) => err as { code: string })

const payout = (destination: string, amount: bigint): Promise<QuoteView> => executedPayout(h, ctx, usd, destination, amount)

const transaction = async (id: string) => transactionOf(await callUnary(h.payments, h.payments.getTransaction, { transactionId: id }, ctx, SLOW_CALL_MS))
const usdBalance = async () => (await balances(h, ctx, [{ accountId: usd }]))[0]!
const traceOf = async (transactionId: string): Promise<string> =>
  (await open(h.db).$queryRaw<Array<{ trace_number: string }>>`SELECT trace_number FROM ach_entries WHERE transaction_id = ${transactionId}`)[0]!.trace_number
/** The entry's effective date and settlement window have passed with no return. */
const settlementDue = (transactionId: string) => open(h.db).$executeRaw`UPDATE ach_entries SET settles_at = now() - interval '1 second' WHERE transaction_id = ${transactionId}`

const record = (text: string) => text.padEnd(94, ' ')

/** An account as the API shows it, as far as its funding instructions. */
type FundedAccount = { fundingPaymentInstructions: Array<{ accountOrWalletInfo: { accountNumber: string } }> }

/** The virtual account number the ledger gave a production account, read from its page of the platform's accounts. */
async function virtualAccountNumberOf(accountId: string): Promise<string> {
  const { pageJson } = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { currency: 'USD', limit: 10 }, ctx, SLOW_CALL_MS)
  const accounts = (JSON.parse(pageJson) as { data: Array<FundedAccount & { id: string }> }).data
  return accounts.find((account) => account.id === accountId)!.fundingPaymentInstructions[0]!.accountOrWalletInfo.accountNumber
}

/** A bank's file of ACH credits received for the platform: one CCD batch from ACME CORP, effective 1 December 2026. */
function creditFile(credits: Array<{ accountNumber: string; amount: bigint; trace: string }>): string {
  const lines = [
    record(`101 ${ODFI_ROUTING}0210000210${'2612010600'}A094101`),
    record(`5220${'ACME CORP'.padEnd(16)}${''.padEnd(20)}1987654321CCD${'SUPPLIER'.padEnd(10)}${''.padEnd(6)}261201   1021000020000001`),
  ]
  for (const { accountNumber, amount, trace } of credits) {
    lines.push(record(`622${ODFI_ROUTING}${accountNumber.padEnd(17)}${amount.toString().padStart(10, '0')}${'INV-1'.padEnd(15)}${'PAYMENTS PLATFORM'.padEnd(22)}  0${trace}`))
  }
  lines.push(record('8220'), record('9000001'))
  return lines.join('\n') + '\n'
}
/** A bank's return file: each returned entry with its 99 addenda quoting our trace number. */
function returnFile(returns: Array<{ code: string; trace: string; amount: bigint }>, notifications: Array<{ code: string; trace: string; corrected: string }> = []): string {
  const lines = [record(`101 ${ODFI_ROUTING}0110000150${'2611291200'}A094101`), record(`5200RECEIVING BANK${''.padEnd(36)}PPDRETURN`)]
  returns.forEach(({ code, trace, amount }, i) => {
    lines.push(record(`621${ODFI_ROUTING}${'RETURNED'.padEnd(17)}${amount.toString().padStart(10, '0')}${'RET'.padEnd(15)}${'PAYMENTS PLATFORM'.padEnd(22)}  1${'01100001'}${String(i + 1).padStart(7, '0')}`))
    lines.push(record(`799${code}${trace}      ${RECEIVER_ROUTING.slice(0, 8)}${''.padEnd(44)}01100001${String(i + 1).padStart(7, '0')}`))
  })
  notifications.forEach(({ code, trace, corrected }, i) => {
    lines.push(record(`621${ODFI_ROUTING}${'12345678901'.padEnd(17)}${'0'.repeat(10)}${'COR'.padEnd(15)}${'PAYMENTS PLATFORM'.padEnd(22)}  1${'01100001'}${String(i + 50).padStart(7, '0')}`))
    lines.push(record(`798${code}${trace}      ${RECEIVER_ROUTING.slice(0, 8)}${corrected.padEnd(29)}${''.padEnd(15)}01100001${String(i + 50).padStart(7, '0')}`))
  })
  lines.push(record('8200'), record('9000001'))
  return lines.join('\n') + '\n'
}

describe('ACH payouts in production', () => {
  it('a payout waits PROCESSING with its debit held, then goes into a file the independent parser reads back with the right totals', async () => {
    const person = await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' })
    const company = await usBankAccount({ beneficiaryType: 'BUSINESS', legalName: 'Analytical Engines Inc' })
    const before = await usdBalance()
    const first = await payout(person.id, 12_345n)
    const second = await payout(company.id, 100_000n)
    const waiting = await transaction(first.transactionId)
    expect(waiting).toMatchObject({ status: 'PROCESSING', paymentRail: 'ACH' })
    // held, not posted: spendable down, total unchanged
    expect(await usdBalance()).toEqual({ available: before.available - 112_345n, total: before.total })

    const sent = await runAchCutoff(h.deps, ach, new Date())
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ entryCount: 2, totalCredit: 112_345n })
    const content = bank.received().get(sent[0]!.name)!
    const parsed = nacha.from(content).data
    expect(parsed.file.footer).toMatchObject({ batchCount: 2, entryAndAddendaCount: 2, totalCredit: 112_345, totalDebit: 0 })
    expect(parsed.batches.map((b) => b.entryClassCode)).toEqual(['PPD', 'CCD'])
    const [ppd, ccd] = parsed.batches.map((b) => b.entries[0]!)
    expect(ppd).toMatchObject({ transactionCode: '32', dfiAccount: person.accountNumber, amount: 12_345, traceNumber: Number(await traceOf(first.transactionId)) })
    expect(ccd).toMatchObject({ dfiAccount: company.accountNumber, amount: 100_000 })
    expect(parsed.file.footer.entryHash).toBe(2 * Number(RECEIVER_ROUTING.slice(0, 8)))

    // never twice in a file, and no account number in payments' tables
    expect(await runAchCutoff(h.deps, ach, new Date())).toEqual([])
    const stored = await open(h.db).$queryRaw<Array<{ row: string }>>`SELECT f::text AS "row" FROM ach_files f UNION ALL SELECT e::text FROM ach_entries e`
    expect(stored.map((r) => r.row).join('\n')).not.toContain(person.accountNumber)

    // settlement: the effective date passed with no return
    await settlementDue(first.transactionId)
    expect(await settleDueEntries(h.deps, 10)).toBe(1)
    const settled = await transaction(first.transactionId)
    expect(settled.status).toBe('COMPLETED')
    expect(settled.settledAt).toBeDefined()
    expect(await eventTypesOf(h, first.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
    expect((await transaction(second.transactionId)).status).toBe('PROCESSING')
    expect(await usdBalance()).toEqual({ available: before.available - 112_345n, total: before.total - 12_345n })
  })

  it('an R01 return before settlement fails the payout with its code and reason and restores the balance', async () => {
    const account = await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace' })
    const before = await usdBalance()
    const quote = await payout(account.id, 5_000n)
    await runAchCutoff(h.deps, ach, new Date())
    bank.drop('RET_R01.txt', returnFile([{ code: 'R01', trace: await traceOf(quote.transactionId), amount: 5_000n }]))
    const read = await fetchAchInbound(h.deps, ach)
    expect(read).toEqual([{ name: 'RET_R01.txt', processed: true, returns: 1, notifications: 0, settled: 0, unmatched: 0 }])
    const failed = await transaction(quote.transactionId)
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      failureDetails: { rail: 'ACH', returnCode: 'R01', returnReason: 'Insufficient funds' },
    })
    expect(await usdBalance()).toEqual(before)
    // the webhook carries the failure and its return code
    const events = await open(h.db).$queryRaw<Array<{ payload: { data: { transaction: object } } }>>`
      SELECT payload FROM outbox_events WHERE payload->'data'->'transaction'->>'id' = ${quote.transactionId} ORDER BY created_at, id`
    expect(events.at(-1)!.payload.data.transaction).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'R01' } })
    // settlement never comes for a returned entry
    await settlementDue(quote.transactionId)
    expect(await settleDueEntries(h.deps, 10)).toBe(0)
  })

  it('a return after settlement reverses the completed payout with entries of its own', async () => {
    const account = await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Katherine Johnson' })
    const before = await usdBalance()
    const quote = await payout(account.id, 7_000n)
    await runAchCutoff(h.deps, ach, new Date())
    await settlementDue(quote.transactionId)
    await settleDueEntries(h.deps, 10)
    expect((await transaction(quote.transactionId)).status).toBe('COMPLETED')
    expect((await usdBalance()).total).toBe(before.total - 7_000n)
    bank.drop('RET_LATE.txt', returnFile([{ code: 'R29', trace: await traceOf(quote.transactionId), amount: 7_000n }]))
    await fetchAchInbound(h.deps, ach)
    const reversed = await transaction(quote.transactionId)
    expect(reversed).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      failureDetails: { returnCode: 'R29' },
      refund: { reference: `${quote.transactionId}:refund`, status: 'COMPLETED', reason: 'TRANSACTION_FAILED' },
    })
    expect(await usdBalance()).toEqual(before)
    expect(await eventTypesOf(h, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED', 'OUTGOING_PAYMENT.REFUND_COMPLETED'])
  })

  it('a file processed twice, by racing processors or again after a crash, changes nothing', async () => {
    const account = await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Dorothy Vaughan' })
    const before = await usdBalance()
    const quote = await payout(account.id, 3_000n)
    await runAchCutoff(h.deps, ach, new Date())
    const content = Buffer.from(returnFile([{ code: 'R03', trace: await traceOf(quote.transactionId), amount: 3_000n }]))
    // a crash after the claim's commit, before the ledger step: the ledger is unreachable for the drive
    const down = { ...h.deps, services: { ...h.deps.services, release: () => Promise.reject(new Error('ledger unreachable')) } }
    const racing = await Promise.all([processInboundFile(down, 'RET_RACE.txt', content), processInboundFile(down, 'RET_RACE.txt', content)])
    expect(racing.map((r) => r.processed).sort()).toEqual([false, true])
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING')
    // the restarted process: the file is known, the recovery run finishes the void
    bank.drop('RET_RACE.txt', content.toString())
    expect(await fetchAchInbound(h.deps, ach)).toEqual([])
    expect((await processInboundFile(h.deps, 'RET_RACE.txt', content)).processed).toBe(false)
    await recoverInterrupted(h.deps, 0, 10)
    expect(await transaction(quote.transactionId)).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'R03' } })
    expect(await usdBalance()).toEqual(before)
    const files = await open(h.db).$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM bank_inbound_files WHERE name = 'RET_RACE.txt'`
    expect(files[0]!.n).toBe(1)
  })

  it('a return nobody sent and a notification of change go to the operator queue, account numbers masked', async () => {
    const account = await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Mary Jackson' })
    const quote = await payout(account.id, 2_000n)
    await runAchCutoff(h.deps, ach, new Date())
    const trace = await traceOf(quote.transactionId)
    bank.drop('RET_UNMATCHED.txt', returnFile([{ code: 'R02', trace: '081000039999999', amount: 999n }], [{ code: 'C01', trace, corrected: '99988877766' }]))
    expect(await fetchAchInbound(h.deps, ach)).toEqual([{ name: 'RET_UNMATCHED.txt', processed: true, returns: 0, notifications: 1, settled: 0, unmatched: 2 }])
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING')
    const open = await listOperatorQueue(h.deps, 'OPEN', 100, 'ACH')
    const unmatched = open.find((item) => item.kind === 'UNMATCHED_RETURN' && item.reference === '081000039999999')!
    expect(unmatched).toMatchObject({ code: 'R02', amount: 999n, problem: expect.stringContaining('no entry') })
    const change = open.find((item) => item.kind === 'NOTIFICATION_OF_CHANGE')!
    expect(change).toMatchObject({ transactionId: quote.transactionId, code: 'C01', problem: expect.stringContaining(account.id) })
    expect(change.problem).toContain('*******7766')
    expect(open.map((item) => `${item.problem}\n${item.records}`).join('\n')).not.toContain('99988877766')
    const resolved = await resolveOperatorQueueItem(h.deps, unmatched.id, 'asked the bank: a return for another originator')
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolution: 'asked the bank: a return for another originator' })
    expect((await listOperatorQueue(h.deps, 'OPEN', 100, 'ACH')).some((item) => item.id === unmatched.id)).toBe(false)
    await expect(resolveOperatorQueueItem(h.deps, unmatched.id, 'again')).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('a credit to the virtual account number of a production account credits it once, however often the file is read; one naming no account goes to the operator', async () => {
    const virtualNumber = await virtualAccountNumberOf(usd)
    expect(virtualNumber).toMatch(/^8300[0-9]{10}$/)
    const before = await usdBalance()
    const file = creditFile([
      { accountNumber: virtualNumber, amount: 25_000n, trace: '021000020000101' },
      { accountNumber: '830099999999999', amount: 700n, trace: '021000020000102' },
    ])
    bank.drop('INCOMING_1.txt', file)
    const [first] = await fetchAchInbound(h.deps, ach)
    expect(first).toMatchObject({ name: 'INCOMING_1.txt', processed: true, unmatched: 1 })
    // the same credits read again, in a file of another name and after a crash before the claim, move nothing more
    await processInboundFile(h.deps, 'INCOMING_1_RESENT.txt', Buffer.from(file, 'latin1'))
    expect((await usdBalance()).total - before.total).toBe(25_000n)
    const unmatched = (await listOperatorQueue(h.deps, 'OPEN', 100, 'ACH')).filter((item) => item.kind === 'UNMATCHED_CREDIT' && item.reference === '021000020000102')
    expect(unmatched).toHaveLength(2)
    expect(unmatched[0]).toMatchObject({ amount: 700n, problem: expect.stringContaining('NOT_FOUND') })
    expect(unmatched.map((item) => item.records).join('\n')).not.toContain('830099999999999')
  })

  it('a new account is validated by a prenote: a zero-dollar entry in the next file, usable once its waiting period passes with no return', async () => {
    const account = await newUsBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Hedy Lamarr' })
    expect(await refusal(payout(account.id, 1_000n))).toMatchObject({ code: 'BANK_ACCOUNT_VALIDATION_PENDING' })
    // the fact delivered twice queues one prenote
    await deliverPrenoteRequest(account.id)
    await deliverPrenoteRequest(account.id)
    const sent = await runAchCutoff(h.deps, ach, new Date())
    expect(sent).toEqual([expect.objectContaining({ entryCount: 1, totalCredit: 0n })])
    const [entry] = nacha.from(bank.received().get(sent[0]!.name)!).data.batches[0]!.entries
    expect(entry).toMatchObject({ transactionCode: '33', dfiAccount: account.accountNumber, amount: 0, traceNumber: Number(await prenoteTraceOf(account.id)) })
    // never a second prenote for the account, even when the fact comes again
    await deliverPrenoteRequest(account.id)
    expect(await runAchCutoff(h.deps, ach, new Date())).toEqual([])
    expect(await validateDuePrenotes(h.deps, 10)).toBe(0)
    expect(await refusal(payout(account.id, 1_000n))).toMatchObject({ code: 'BANK_ACCOUNT_VALIDATION_PENDING' })
    expect(await validateDuePrenotes(aWeekLater(), 10)).toBe(1)
    expect((await transaction((await payout(account.id, 1_000n)).transactionId)).status).toBe('PROCESSING')
    expect(await validateDuePrenotes(aWeekLater(), 10)).toBe(0)
  })

  it('a returned prenote makes its account unusable for good; a ledger outage leaves the return file to be read again', async () => {
    const account = await newUsBankAccount({ beneficiaryType: 'BUSINESS', legalName: 'Bletchley Park Ltd' })
    await deliverPrenoteRequest(account.id)
    await runAchCutoff(h.deps, ach, new Date())
    const content = Buffer.from(returnFile([{ code: 'R03', trace: await prenoteTraceOf(account.id), amount: 0n }]))
    const ledgerDown = { ...h.deps, services: { ...h.deps.services, recordAchValidation: () => Promise.reject(new Error('ledger unreachable')) } }
    await expect(processInboundFile(ledgerDown, 'RET_PRENOTE.txt', content)).rejects.toThrow('ledger unreachable')
    bank.drop('RET_PRENOTE.txt', content.toString())
    expect(await fetchAchInbound(h.deps, ach)).toEqual([{ name: 'RET_PRENOTE.txt', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await refusal(payout(account.id, 1_000n))).toMatchObject({ code: 'INVALID_BANK_ACCOUNT' })
    // its waiting period ends with nothing left to validate
    expect(await validateDuePrenotes(aWeekLater(), 10)).toBe(0)
    expect(await refusal(payout(account.id, 1_000n))).toMatchObject({ code: 'INVALID_BANK_ACCOUNT' })
  })

  it('other production corridors keep the clear 501 naming the corridor', async () => {
    const failure = await callUnary(
      h.payments,
      h.payments.createQuote,
      {
        source: { sourceType: 'ACCOUNT', accountId: usd },
        destination: { destinationType: 'ACCOUNT', accountId: (await usBankAccount({ beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' })).id, paymentRail: 'WIRE' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100n,
        immediatelyExecute: true,
      },
      ctx,
      SLOW_CALL_MS,
    ).catch((err: unknown) => err as { code: string; details: Record<string, unknown> })
    expect(failure).toMatchObject({ code: 'NOT_IMPLEMENTED', details: { corridor: 'US_ACCOUNT/USD' } })
  })
})
