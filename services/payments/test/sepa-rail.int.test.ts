import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverInterrupted } from '../src/domain/jobs/due-jobs.js'
import type { QuoteView } from '../src/domain/quotes/view.js'
import { listOperatorQueue, resolveOperatorQueueItem } from '../src/domain/rails/bank-files/operator-items.js'
import { runSepaCutoff } from '../src/domain/rails/sepa/build-file.js'
import { fetchSepaInbound, processSepaInboundFile } from '../src/domain/rails/sepa/process-inbound.js'
import { endToEndIdOf, type SepaRail } from '../src/domain/rails/sepa/sepa-rail.js'
import { targetCalendar } from '../src/domain/rails/sepa/target-calendar.js'
import { open } from '../src/db/client.js'
import { sftpTransport } from '../src/providers/sftp/sftp-transport.js'
import { productionPayoutRail } from '../src/providers/rails/payout-rails.js'
import { startTestBank, type TestBank } from './bank-sftp.js'
import { balances, eventTypesOf, executedPayout, newPlatform, SLOW_CALL_MS, startHarness, transactionOf, type Harness } from './harness.js'
import { germanIban } from './iban.js'
import { validatePain001, xpath } from './xmllint.js'

/**
 * The SEPA credit transfer rail end to end inside payments: real ledger, customers and platform
 * processes, a real Postgres, and an SFTP server on the loopback playing the bank. A production
 * platform pays its own EUR account out to EUR IBAN accounts; the bank answers with pain.002
 * status reports and camt.054 debit notifications written by hand from the ISO 20022 definitions.
 */
let h: Harness
let bank: TestBank
let sepa: SepaRail
let ctx: Caller
let eur: string
let ibanSeed = 500

beforeAll(async () => {
  bank = await startTestBank()
  h = await startHarness()
  sepa = {
    transport: sftpTransport(bank.settings),
    settings: {
      debtor: { name: 'Payments Platform SE', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX', initiatingPartyId: 'PLATFORM01' },
      sftp: bank.settings,
      cutoffTimes: ['13:00'],
      fetchTimes: ['07:00'],
      calendar: targetCalendar(),
      executionDays: 0,
      fileEntriesMax: 100,
    },
  }
  // the process's wiring with SEPA configured: the gRPC server shares these deps
  h.deps.sepa = sepa
  h.deps.rails.PRODUCTION = productionPayoutRail({ achConfigured: false, sepaConfigured: true })
  ctx = { ...(await newPlatform(h, { regulated: true })), environment: 'PRODUCTION' }
  await waitUntil(async () => {
    const { pageJson } = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { currency: 'EUR', limit: 10 }, ctx, SLOW_CALL_MS)
    eur = (JSON.parse(pageJson) as { data: Array<{ id: string; type: string }> }).data.find((a) => a.type === 'INTERNAL_FIAT')?.id ?? ''
    return eur !== ''
  }, "the ledger to open the platform's production EUR account", 30_000)
  await h.deps.services.transfer(ctx, `Transfer:fund-${randomBytes(6).toString('hex')}`, 'PAYMENT', [
    { debit: { system: 'FUNDING', currency: 'EUR' }, credit: { accountId: eur }, currency: 'EUR', amount: '10000000' },
  ])
}, 180_000)

afterAll(async () => {
  await h?.stop()
  await bank?.close()
})

/** A new EUR IBAN account of the platform; the name carries what the SEPA set must transliterate. */
async function eurAccount(fullName = 'Zoë Ångström'): Promise<{ id: string; iban: string }> {
  ibanSeed += 1
  const iban = germanIban('000', ibanSeed)
  const { externalAccountJson } = await callUnary(
    h.external,
    h.external.createExternalAccount,
    {
      ownerKind: 'PLATFORM',
      currency: 'EUR',
      defaultUmaDepositAccount: false,
      accountInfo: { accountType: 'EUR_ACCOUNT', iban, swiftCode: 'COBADEFFXXX', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName, countryOfResidence: 'DE' }, paymentRails: [] },
    },
    ctx,
    SLOW_CALL_MS,
  )
  return { id: (JSON.parse(externalAccountJson) as { id: string }).id, iban }
}

const payout = (destination: string, amount: bigint): Promise<QuoteView> => executedPayout(h, ctx, eur, destination, amount)

const transaction = async (id: string) => transactionOf(await callUnary(h.payments, h.payments.getTransaction, { transactionId: id }, ctx, SLOW_CALL_MS))
const eurBalance = async () => (await balances(h, ctx, [{ accountId: eur }]))[0]!
const messageIdOf = async (transactionId: string): Promise<string> =>
  (await open(h.db).$queryRaw<Array<{ message_id: string }>>`SELECT f.message_id FROM sepa_entries e JOIN sepa_files f ON f.id = e.file_id WHERE e.transaction_id = ${transactionId}`)[0]!.message_id

/** A bank's pain.002.001.10: the file accepted in part, each listed transaction rejected with its reason code. */
const statusReport = (messageId: string, rejected: Array<{ endToEndId: string; code: string }>) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
  <GrpHdr><MsgId>STS-${randomBytes(4).toString('hex')}</MsgId><CreDtTm>2026-12-01T10:00:00</CreDtTm></GrpHdr>
  <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
  <OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId.slice(0, 31)}-001</OrgnlPmtInfId>
  ${rejected.map((r) => `<TxInfAndSts><OrgnlEndToEndId>${r.endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn></StsRsnInf></TxInfAndSts>`).join('')}
  </OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>`

/** A bank's camt.054.001.08: each booked debit quoting an end-to-end id. */
const debitNotification = (debits: Array<{ endToEndId: string; amount: string }>) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>NTF-${randomBytes(4).toString('hex')}</MsgId><CreDtTm>2026-12-01T18:00:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>N1</Id><CreDtTm>2026-12-01T18:00:00</CreDtTm><Acct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></Acct>
  ${debits
    .map(
      (d, i) => `<Ntry><NtryRef>E${i}</NtryRef><Amt Ccy="EUR">${d.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt>
      <NtryDtls><TxDtls><Refs><EndToEndId>${d.endToEndId}</EndToEndId></Refs><Amt Ccy="EUR">${d.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls></NtryDtls></Ntry>`,
    )
    .join('')}
  </Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`

/** A bank's camt.054.001.08 of transfers received on the collection account, each quoting a creditor reference. */
const creditNotification = (credits: Array<{ reference: string; amount: string; bankReference: string }>) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>NTF-${randomBytes(4).toString('hex')}</MsgId><CreDtTm>2026-12-01T18:00:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>N2</Id><CreDtTm>2026-12-01T18:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
  ${credits
    .map(
      (c, i) => `<Ntry><NtryRef>C${i}</NtryRef><Amt Ccy="EUR">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt>
      <AcctSvcrRef>${c.bankReference}</AcctSvcrRef>
      <NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><Amt Ccy="EUR">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <RltdPties><Dbtr><Pty><Nm>Müller GmbH</Nm></Pty></Dbtr></RltdPties>
        <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${c.reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('')}
  </Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`

/** The creditor reference the ledger gave a production account of the platform. */
async function creditorReferenceOf(accountId: string): Promise<string> {
  const { pageJson } = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { currency: 'EUR', limit: 10 }, ctx, SLOW_CALL_MS)
  type Funded = { id: string; fundingPaymentInstructions: Array<{ accountOrWalletInfo: { reference: string } }> }
  return (JSON.parse(pageJson) as { data: Funded[] }).data.find((account) => account.id === accountId)!.fundingPaymentInstructions[0]!.accountOrWalletInfo.reference
}

/** A bank's camt.054 booking the return of one of our transfers: a credit quoting its end-to-end id, with the return reason. */
const returnNotification = (endToEndId: string, amount: string, code: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>NTF-${randomBytes(4).toString('hex')}</MsgId><CreDtTm>2026-12-03T18:00:00</CreDtTm></GrpHdr>
  <Ntfctn><Id>N3</Id><CreDtTm>2026-12-03T18:00:00</CreDtTm><Acct><Id><IBAN>FR1420041010050500013M02606</IBAN></Id></Acct>
  <Ntry><NtryRef>RT1</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-12-03</Dt></BookgDt>
    <NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RtrInf><Rsn><Cd>${code}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>
  </Ntfctn>
</BkToCstmrDbtCdtNtfctn></Document>`

describe('SEPA credit transfers in production', () => {
  it('a transfer received quoting an account\'s creditor reference credits it once, the statement repeating it too; one quoting no account goes to the operator', async () => {
    const reference = await creditorReferenceOf(eur)
    expect(reference).toMatch(/^RF[0-9]{14}$/)
    const before = await eurBalance()
    const bankReference = `BANKREF-${randomBytes(4).toString('hex')}`
    const notification = creditNotification([
      { reference, amount: '150.25', bankReference },
      { reference: 'RF18539007547034', amount: '9.99', bankReference: `${bankReference}-X` },
    ])
    bank.drop('CAMT054_CREDITS.xml', notification)
    const [summary] = await fetchSepaInbound(h.deps, sepa)
    expect(summary).toMatchObject({ name: 'CAMT054_CREDITS.xml', processed: true, unmatched: 1 })
    // the day's statement books the same entries again: nothing moves twice
    const statement = notification.replace(/BkToCstmrDbtCdtNtfctn/g, 'BkToCstmrStmt').replace(/Ntfctn>/g, 'Stmt>')
    await processSepaInboundFile(h.deps, 'CAMT053_STATEMENT.xml', Buffer.from(statement))
    expect((await eurBalance()).total - before.total).toBe(15_025n)
    const unmatched = (await listOperatorQueue(h.deps, 'OPEN', 100, 'SEPA')).filter((item) => item.kind === 'UNMATCHED_CREDIT')
    expect(unmatched.map((item) => [item.reference, item.amount])).toEqual([
      ['RF18539007547034', 999n],
      ['RF18539007547034', 999n],
    ])
    expect(unmatched[0]!.problem).toContain('NOT_FOUND')
    expect((await listOperatorQueue(h.deps, 'OPEN', 100, 'SEPA')).some((item) => item.kind === 'BOOKED_CREDIT')).toBe(false)
  })

  it('a payout waits PROCESSING with its debit held, then goes into a pain.001 file the EPC schema accepts, its ids and totals right', async () => {
    const person = await eurAccount()
    const company = await eurAccount('Analytical Engines & Co')
    const before = await eurBalance()
    const first = await payout(person.id, 12_345n)
    const second = await payout(company.id, 100_000n)
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'PROCESSING', paymentRail: 'SEPA' })
    // held, not posted: spendable down, total unchanged
    expect(await eurBalance()).toEqual({ available: before.available - 112_345n, total: before.total })

    const sent = await runSepaCutoff(h.deps, sepa, new Date())
    expect(sent).toEqual([expect.objectContaining({ entryCount: 2, totalCents: 112_345n })])
    const content = bank.received().get(sent[0]!.name)!
    expect(validatePain001(content)).toBe('')
    const value = (path: string) => xpath(content, `string(${path})`)
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/MsgId')).toBe(sent[0]!.messageId)
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/NbOfTxs')).toBe('2')
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/CtrlSum')).toBe('1123.45')
    const transfer = (e2e: string, path: string) => value(`/Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf[.//EndToEndId="${e2e}"]/${path}`)
    expect(transfer(endToEndIdOf(first.transactionId), 'Amt/InstdAmt')).toBe('123.45')
    expect(transfer(endToEndIdOf(first.transactionId), 'CdtrAcct/Id/IBAN')).toBe(person.iban)
    expect(transfer(endToEndIdOf(first.transactionId), 'Cdtr/Nm')).toBe('Zoe Angstrom')
    expect(transfer(endToEndIdOf(second.transactionId), 'Cdtr/Nm')).toBe('Analytical Engines + Co')
    expect(transfer(endToEndIdOf(second.transactionId), 'CdtrAgt/FinInstnId/BICFI')).toBe('COBADEFFXXX')

    // never twice in a file, and no IBAN in payments' tables
    expect(await runSepaCutoff(h.deps, sepa, new Date())).toEqual([])
    const stored = await open(h.db).$queryRaw<Array<{ row: string }>>`SELECT f::text AS "row" FROM sepa_files f UNION ALL SELECT e::text FROM sepa_entries e`
    expect(stored.map((r) => r.row).join('\n')).not.toContain(person.iban)
  })

  it('a pain.002 rejection fails its payout with the ISO reason code and restores the balance; a camt.054 debit settles the other', async () => {
    const before = await eurBalance()
    const rejected = await payout((await eurAccount()).id, 5_000n)
    const settled = await payout((await eurAccount()).id, 7_001n)
    await runSepaCutoff(h.deps, sepa, new Date())
    const messageId = await messageIdOf(rejected.transactionId)
    bank.drop('STS_1.xml', statusReport(messageId, [{ endToEndId: endToEndIdOf(rejected.transactionId), code: 'AC04' }]))
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'STS_1.xml', processed: true, returns: 1, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await transaction(rejected.transactionId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      failureDetails: { rail: 'SEPA', returnCode: 'AC04', returnReason: 'Closed account number' },
    })
    // the webhook carries the failure and its reason code
    const events = await open(h.db).$queryRaw<Array<{ payload: { data: { transaction: object } } }>>`
      SELECT payload FROM outbox_events WHERE payload->'data'->'transaction'->>'id' = ${rejected.transactionId} ORDER BY created_at, id`
    expect(events.at(-1)!.payload.data.transaction).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'AC04' } })
    // accepted, not settled: still PROCESSING until the bank books the debit
    expect((await transaction(settled.transactionId)).status).toBe('PROCESSING')
    expect(await eurBalance()).toEqual({ available: before.available - 7_001n, total: before.total })

    bank.drop('NTF_1.xml', debitNotification([{ endToEndId: endToEndIdOf(settled.transactionId), amount: '70.01' }]))
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'NTF_1.xml', processed: true, returns: 0, notifications: 0, settled: 1, unmatched: 0 }])
    const completed = await transaction(settled.transactionId)
    expect(completed.status).toBe('COMPLETED')
    expect(completed.settledAt).toBeDefined()
    expect(await eventTypesOf(h, settled.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
    expect(await eurBalance()).toEqual({ available: before.available - 7_001n, total: before.total - 7_001n })
    // the day's statement books the same debit again: nothing changes
    bank.drop('STMT_1.xml', debitNotification([{ endToEndId: endToEndIdOf(settled.transactionId), amount: '70.01' }]).replace(/BkToCstmrDbtCdtNtfctn/g, 'BkToCstmrStmt').replace(/Ntfctn>/g, 'Stmt>'))
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'STMT_1.xml', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await eurBalance()).toEqual({ available: before.available - 7_001n, total: before.total - 7_001n })
  })

  it('a return booked after the transfer settled refunds the completed payout with entries of its own, once', async () => {
    const before = await eurBalance()
    const quote = await payout((await eurAccount()).id, 4_321n)
    await runSepaCutoff(h.deps, sepa, new Date())
    const endToEndId = endToEndIdOf(quote.transactionId)
    bank.drop('NTF_LATE.xml', debitNotification([{ endToEndId, amount: '43.21' }]))
    await fetchSepaInbound(h.deps, sepa)
    expect((await transaction(quote.transactionId)).status).toBe('COMPLETED')
    const returned = returnNotification(endToEndId, '43.21', 'MD07')
    bank.drop('NTF_RETURN.xml', returned)
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'NTF_RETURN.xml', processed: true, returns: 1, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await transaction(quote.transactionId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      failureDetails: { rail: 'SEPA', returnCode: 'MD07' },
      refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' },
    })
    expect(await eurBalance()).toEqual(before)
    expect(await eventTypesOf(h, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED', 'OUTGOING_PAYMENT.REFUND_COMPLETED'])
    // the statement books the return again: nothing moves twice
    bank.drop('STMT_RETURN.xml', returned.replace(/BkToCstmrDbtCdtNtfctn/g, 'BkToCstmrStmt').replace(/Ntfctn>/g, 'Stmt>'))
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'STMT_RETURN.xml', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await eurBalance()).toEqual(before)
  })

  it('a rejected file fails each of its payouts still waiting; one rejected by its own transaction keeps that reason', async () => {
    const before = await eurBalance()
    const first = await payout((await eurAccount()).id, 1_100n)
    const second = await payout((await eurAccount()).id, 1_200n)
    await runSepaCutoff(h.deps, sepa, new Date())
    const messageId = await messageIdOf(first.transactionId)
    const rejectedFile = statusReport(messageId, [{ endToEndId: endToEndIdOf(second.transactionId), code: 'AC01' }]).replace(
      '<GrpSts>PART</GrpSts>',
      '<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf>',
    )
    bank.drop('STS_FILE.xml', rejectedFile)
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'STS_FILE.xml', processed: true, returns: 2, notifications: 0, settled: 0, unmatched: 0 }])
    expect(await transaction(first.transactionId)).toMatchObject({ status: 'FAILED', failureDetails: { rail: 'SEPA', returnCode: 'FF01', returnReason: 'Invalid file format' } })
    expect(await transaction(second.transactionId)).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'AC01' } })
    expect(await eurBalance()).toEqual(before)
  })

  it('the same inbound file processed twice, by racing processors or again after a crash, changes nothing', async () => {
    const before = await eurBalance()
    const quote = await payout((await eurAccount()).id, 3_000n)
    await runSepaCutoff(h.deps, sepa, new Date())
    const content = Buffer.from(statusReport(await messageIdOf(quote.transactionId), [{ endToEndId: endToEndIdOf(quote.transactionId), code: 'AM04' }]))
    // a crash after the claim's commit, before the ledger step: the ledger is unreachable for the drive
    const down = { ...h.deps, services: { ...h.deps.services, release: () => Promise.reject(new Error('ledger unreachable')) } }
    const racing = await Promise.all([processSepaInboundFile(down, 'STS_RACE.xml', content), processSepaInboundFile(down, 'STS_RACE.xml', content)])
    expect(racing.map((r) => r.processed).sort()).toEqual([false, true])
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING')
    // the restarted process: the file is known, the recovery run finishes the void
    bank.drop('STS_RACE.xml', content.toString())
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([])
    expect((await processSepaInboundFile(h.deps, 'STS_RACE.xml', content)).processed).toBe(false)
    await recoverInterrupted(h.deps, 0, 10)
    expect(await transaction(quote.transactionId)).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'AM04' } })
    expect(await eurBalance()).toEqual(before)
    const files = await open(h.db).$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM bank_inbound_files WHERE rail = 'SEPA' AND name = 'STS_RACE.xml'`
    expect(files[0]!.n).toBe(1)
  })

  it('what matches no payout goes to the operator queue, never guessed: an unknown debit, a wrong amount, a rejection of an unknown file', async () => {
    const quote = await payout((await eurAccount()).id, 2_000n)
    await runSepaCutoff(h.deps, sepa, new Date())
    const e2e = endToEndIdOf(quote.transactionId)
    bank.drop('NTF_UNMATCHED.xml', debitNotification([{ endToEndId: 'NOT-OURS-42', amount: '9.99' }, { endToEndId: e2e, amount: '20.01' }]))
    bank.drop('STS_UNMATCHED.xml', statusReport('UNKNOWN-MESSAGE', [{ endToEndId: e2e, code: 'AC01' }]))
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([
      { name: 'NTF_UNMATCHED.xml', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 2 },
      { name: 'STS_UNMATCHED.xml', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 1 },
    ])
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING')
    const queue = await listOperatorQueue(h.deps, 'OPEN', 100, 'SEPA')
    const unknown = queue.find((item) => item.reference === 'NOT-OURS-42')!
    expect(unknown).toMatchObject({ rail: 'SEPA', kind: 'UNMATCHED_DEBIT', amount: 999n, problem: expect.stringContaining('no credit transfer of ours') })
    expect(queue.find((item) => item.kind === 'UNMATCHED_DEBIT' && item.transactionId === quote.transactionId)).toMatchObject({ amount: 2_001n, problem: expect.stringContaining('2000') })
    expect(queue.find((item) => item.kind === 'UNMATCHED_REJECTION')).toMatchObject({ code: 'AC01', reference: e2e })
    // the ACH view of the queue does not show them
    expect((await listOperatorQueue(h.deps, 'OPEN', 100, 'ACH')).some((item) => item.id === unknown.id)).toBe(false)
    const resolved = await resolveOperatorQueueItem(h.deps, unknown.id, 'asked the bank: a direct debit of another creditor')
    expect(resolved).toMatchObject({ status: 'RESOLVED', resolution: 'asked the bank: a direct debit of another creditor' })
    // a file that is not ISO 20022 is kept whole as one item
    bank.drop('GARBAGE.xml', 'not xml at all')
    expect(await fetchSepaInbound(h.deps, sepa)).toEqual([{ name: 'GARBAGE.xml', processed: true, returns: 0, notifications: 0, settled: 0, unmatched: 1 }])
    expect((await listOperatorQueue(h.deps, 'OPEN', 100, 'SEPA')).some((item) => item.kind === 'UNREADABLE')).toBe(true)
  })
})
