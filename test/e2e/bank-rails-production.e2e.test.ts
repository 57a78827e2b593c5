import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { PaymentsOperatorServiceClient } from '@pp/proto/payments/v1/operator'
import { waitUntil } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sepaEnvOf, sftpEnvOf, startTestBank, type TestBank } from '../../services/payments/test/bank-sftp.js'
import { validatePain001 } from '../../services/payments/test/xmllint.js'
import { apiClient } from './mesh.js'
import { germanIban, startPaymentsWorld, type PaymentsWorld } from './payments-support.js'

/**
 * Production payouts over US ACH and SEPA through the public API: a PRODUCTION token, the mesh's
 * own processes, and an SFTP server on the loopback playing the bank (each rail its own folders).
 * The platform's production accounts are funded as a bank funds them: credits to their virtual
 * account number (ACH) and creditor reference (SEPA) on the deployment's collection accounts.
 * Each new US account is validated by its prenote.
 */
const ODFI_ROUTING = '081000032'
let bank: TestBank
let world: PaymentsWorld
let keyDir: string
let api: ReturnType<typeof apiClient>
let usd: string
let eur: string
/** The virtual account number the ledger gave the platform's production USD account. */
let usdVirtualNumber: string
/** The operator's calls (what `pnpm admin ach` makes), as the admin identity the test process speaks as. */
let operatorClient: PaymentsOperatorServiceClient | undefined
const operator = () => (operatorClient ??= createGrpcClient(PaymentsOperatorServiceClient, world.mesh.operatorAddress('payments')))

beforeAll(async () => {
  bank = await startTestBank()
  keyDir = mkdtempSync(join(tmpdir(), 'ach-e2e-'))
  writeFileSync(join(keyDir, 'sftp.key'), bank.settings.privateKey, { mode: 0o600 })
  world = await startPaymentsWorld('ach-production', {
    env: {
      ...sftpEnvOf('ACH', bank, join(keyDir, 'sftp.key')),
      ACH_ODFI_ROUTING_NUMBER: ODFI_ROUTING,
      ACH_COMPANY_ID: '1234567890',
      ACH_COMPANY_NAME: 'Payments Inc',
      ACH_IMMEDIATE_DESTINATION: ODFI_ROUTING,
      ACH_IMMEDIATE_ORIGIN: '1234567890',
      ...sepaEnvOf(bank, join(keyDir, 'sftp.key')),
      RATES_SOURCE: 'operator',
      COLLECTION_ACH_ROUTING_NUMBER: ODFI_ROUTING,
      COLLECTION_ACH_BANK_NAME: 'Example Bank',
      COLLECTION_ACH_ACCOUNT_PREFIX: '8300',
      COLLECTION_SEPA_IBAN: 'FR1420041010050500013M02606',
      COLLECTION_SEPA_BIC: 'PSSTFRPPXXX',
    },
  })
  const platform = await world.mesh.createPlatform(`e2e-ach-${randomBytes(4).toString('hex')}`, { regulated: true })
  api = apiClient(world.mesh, platform.production)
  const accountOf = async (currency: string) => (await api('GET', `/platform/internal-accounts?currency=${currency}`)).body.data?.[0]
  await waitUntil(async () => (usd = (await accountOf('USD'))?.id) !== undefined, "the platform's production USD account", 30_000)
  await waitUntil(async () => (eur = (await accountOf('EUR'))?.id) !== undefined, "the platform's production EUR account", 30_000)
  const usdCoordinates = (await accountOf('USD')).fundingPaymentInstructions[0].accountOrWalletInfo
  usdVirtualNumber = usdCoordinates.accountNumber
  const eurCoordinates = (await accountOf('EUR')).fundingPaymentInstructions[0].accountOrWalletInfo
  bank.drop('CREDITS_E2E.txt', achCreditFile([
    { accountNumber: usdCoordinates.accountNumber, amount: 1_000_000n, trace: '021000020000001' },
    { accountNumber: '830099999999999', amount: 4_200n, trace: '021000020000002' },
  ]))
  bank.files.set('/sepa-in/CREDITS_E2E.xml', Buffer.from(sepaCreditNotification(eurCoordinates.reference, '10000.00')))
  expect((await callUnary(operator(), operator().fetchAchInbound, {}, { requestId: 'e2e-credits' })).files).toMatchObject([{ name: 'CREDITS_E2E.txt', processed: true, unmatched: 1 }])
  expect((await callUnary(operator(), operator().fetchSepaInbound, {}, { requestId: 'e2e-credits' })).files).toMatchObject([{ name: 'CREDITS_E2E.xml', processed: true, unmatched: 0 }])
}, 240_000)

afterAll(async () => {
  operatorClient?.close()
  await world?.stop()
  await bank?.close()
  if (keyDir) rmSync(keyDir, { recursive: true, force: true })
})

async function sql<T extends object>(service: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: world.mesh.databaseUrl(service) })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

/**
 * A new US bank account, validated as production validates one: the ledger's fact reaches payments
 * over NATS, the next file carries its prenote (a zero-dollar entry, transaction code 23), and once
 * its waiting period has passed with no return the account is ACTIVE.
 */
async function usBankAccount(): Promise<string> {
  const accountNumber = `7${randomBytes(4).readUInt32BE()}`
  const created = await api('POST', '/platform/external-accounts', {
    currency: 'USD',
    accountInfo: { accountType: 'US_ACCOUNT', accountNumber, routingNumber: '011000015', accountCategory: 'CHECKING', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' } },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id as string
  const queued = async () => (await sql('payments', 'SELECT 1 FROM ach_prenote_requests WHERE external_account_id = $1', [id])).length === 1
  await waitUntil(queued, `the prenote request of ${id}`, 30_000)
  const { files } = await callUnary(operator(), operator().buildAchFile, {}, { requestId: 'e2e-ach' })
  const entries = files.flatMap((file) => bank.received().get(file.name)!.split('\n').filter((line) => line.startsWith('6')))
  expect(entries.map((line) => [line.slice(1, 3), line.slice(12, 29).trim(), line.slice(29, 39)])).toEqual([['23', accountNumber, '0000000000']])
  expect((await api('GET', `/platform/external-accounts/${id}`)).body.status).not.toBe('ACTIVE')
  // its waiting period passes with no return
  await sql('payments', `UPDATE ach_entries SET settles_at = now() WHERE kind = 'PRENOTE' AND external_account_id = $1`, [id])
  await sql('payments', `SELECT pg_notify('ach_settlement', '')`)
  await waitUntil(async () => (await api('GET', `/platform/external-accounts/${id}`)).body.status === 'ACTIVE', `${id} to validate`, 30_000)
  return id
}

const available = async () => (await api('GET', `/platform/internal-accounts?currency=USD`)).body.data[0].balance.amount as number

async function payout(amount: number) {
  const quote = await api('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: usd },
    destination: { destinationType: 'ACCOUNT', accountId: await usBankAccount() },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    immediatelyExecute: true,
  }, { 'Idempotency-Key': `ach-${randomUUID()}` })
  expect(quote.status, JSON.stringify(quote.body)).toBe(201)
  return quote.body.transactionId as string
}

const transaction = async (id: string) => (await api('GET', `/transactions/${id}`)).body
/** The transaction as the last webhook about it carries it, read from payments' outbox (a production endpoint must be public https, which no test serves). */
async function lastWebhookOf(id: string) {
  const rows = await sql<{ payload: { data: { transaction: Record<string, unknown> } } }>(
    'payments',
    `SELECT payload FROM outbox_events WHERE payload->'data'->'transaction'->>'id' = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [id],
  )
  return rows[0]!.payload.data.transaction
}
const traceOf = async (id: string) => (await sql<{ trace_number: string }>('payments', 'SELECT trace_number FROM ach_entries WHERE transaction_id = $1', [id]))[0]!.trace_number
const record = (text: string) => text.padEnd(94, ' ')

/** A bank's file of ACH credits received on the deployment's collection account, from ACME CORP. */
function achCreditFile(credits: Array<{ accountNumber: string; amount: bigint; trace: string }>): string {
  const lines = [
    record(`101 ${ODFI_ROUTING}0210000210${'2612010600'}A094101`),
    record(`5220${'ACME CORP'.padEnd(16)}${''.padEnd(20)}1987654321CCD${'SUPPLIER'.padEnd(10)}${''.padEnd(6)}261201   1021000020000001`),
    ...credits.map(({ accountNumber, amount, trace }) =>
      record(`622${ODFI_ROUTING}${accountNumber.padEnd(17)}${amount.toString().padStart(10, '0')}${'INV-1'.padEnd(15)}${'PAYMENTS INC'.padEnd(22)}  0${trace}`),
    ),
    record('8220'),
    record('9000001'),
  ]
  return lines.join('\n') + '\n'
}

/** A bank's camt.054 of one SEPA transfer received on the collection IBAN, quoting a creditor reference. */
const sepaCreditNotification = (reference: string, amount: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
  <GrpHdr><MsgId>NTF-CREDITS</MsgId><CreDtTm>2026-12-01T08:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N0</Id>
  <Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-12-01</Dt></BookgDt><AcctSvcrRef>E2E-CREDIT-1</AcctSvcrRef>
    <NtryDtls><TxDtls><Amt Ccy="EUR">${amount}</Amt><RltdPties><Dbtr><Pty><Nm>Acme SAS</Nm></Pty></Dbtr></RltdPties>
      <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`

/** The incoming payments into an account, as GET /transactions lists them. */
const incomingPaymentsOf = async (accountId: string) =>
  ((await api('GET', '/transactions?limit=100')).body.data as Array<{ id: string; type: string; destination?: { accountId?: string } }>).filter(
    (t) => t.type === 'INCOMING' && t.destination?.accountId === accountId,
  )

/**
 * The INCOMING_PAYMENT webhooks of the platform, as its delivery log holds them: a production
 * endpoint must be public https, which no test can serve, so they wait there for one.
 */
const incomingWebhooks = async () =>
  ((await api('GET', '/webhooks/deliveries?limit=100')).body.data as Array<{ type: string }>).filter((d) => d.type.startsWith('INCOMING_PAYMENT'))

describe('money received from banks in production', () => {
  it('credits to the accounts\' virtual account number and creditor reference arrive as COMPLETED incoming payments; one naming no account waits for the operator', async () => {
    for (const [accountId, amount] of [[usd, 1_000_000], [eur, 1_000_000]] as const) {
      await waitUntil(async () => (await incomingPaymentsOf(accountId)).length > 0, `the incoming payment into ${accountId}`, 30_000)
      const [incoming] = await incomingPaymentsOf(accountId)
      expect(incoming).toMatchObject({ type: 'INCOMING', status: 'COMPLETED', receivedAmount: { amount } })
      expect(await lastWebhookOf(incoming!.id)).toMatchObject({ type: 'INCOMING', status: 'COMPLETED' })
    }
    await waitUntil(async () => (await incomingWebhooks()).length >= 2, 'the two INCOMING_PAYMENT webhooks', 30_000)
    const usdAccount = (await api('GET', '/platform/internal-accounts?currency=USD')).body.data[0]
    expect(usdAccount.balance.amount).toBeGreaterThanOrEqual(1_000_000)
    const { items } = await callUnary(operator(), operator().listBankRailItems, { status: 'OPEN', limit: 100, rail: 'ACH' }, { requestId: 'e2e-credits' })
    expect(items.filter((item) => item.kind === 'UNMATCHED_CREDIT')).toMatchObject([{ reference: '021000020000002', amount: 4_200n }])
  })
})

describe('US ACH in production', () => {
  it('a payout is PROCESSING, goes out in a file, and COMPLETED once its entry settles', async () => {
    const before = await available()
    const id = await payout(25_000)
    expect(await transaction(id)).toMatchObject({ status: 'PROCESSING', paymentRail: 'ACH' })
    expect(await available()).toBe(before - 25_000)
    const { files } = await callUnary(operator(), operator().buildAchFile, {}, { requestId: 'e2e-ach' })
    expect(files).toHaveLength(1)
    const content = bank.received().get(files[0]!.name)!
    expect(content.split('\n').filter((line) => line.startsWith('6')).map((line) => [line.slice(29, 39), line.slice(79, 94)])).toEqual([['0000025000', await traceOf(id)]])
    // the effective date and its settlement window pass with no return
    await sql('payments', `UPDATE ach_entries SET settles_at = now() WHERE transaction_id = $1`, [id])
    await sql('payments', `SELECT pg_notify('ach_settlement', '')`)
    await waitUntil(async () => (await transaction(id)).status === 'COMPLETED', `${id} to complete`, 30_000)
  })

  it('an R01 return fails the payout with its code, restores the balance, and unmatched items wait for the operator', async () => {
    const before = await available()
    const id = await payout(4_000)
    await callUnary(operator(), operator().buildAchFile, {}, { requestId: 'e2e-ach' })
    const lines = [
      record(`621${ODFI_ROUTING}${'RETURNED'.padEnd(17)}0000004000${'RET'.padEnd(15)}${'PAYMENTS PLATFORM'.padEnd(22)}  1011000010000001`),
      record(`799R01${await traceOf(id)}      01100001${''.padEnd(44)}011000010000001`),
      record(`621${ODFI_ROUTING}${'RETURNED'.padEnd(17)}0000000999${'RET'.padEnd(15)}${'SOMEONE ELSE'.padEnd(22)}  1011000010000002`),
      record(`799R02081000039999999      01100001${''.padEnd(44)}011000010000002`),
    ]
    bank.drop(`RET_${randomBytes(3).toString('hex')}.txt`, lines.join('\n') + '\n')
    const { files } = await callUnary(operator(), operator().fetchAchInbound, {}, { requestId: 'e2e-ach' })
    expect(files).toMatchObject([{ processed: true, returns: 1, unmatched: 1 }])
    expect(await transaction(id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED', failureDetails: { rail: 'ACH', returnCode: 'R01', returnReason: 'Insufficient funds' } })
    expect(await available()).toBe(before)
    expect(await lastWebhookOf(id)).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'R01' } })
    const { items } = await callUnary(operator(), operator().listBankRailItems, { status: 'OPEN', limit: 100, rail: 'ACH' }, { requestId: 'e2e-ach' })
    expect(items.filter((item) => item.kind === 'UNMATCHED_RETURN')).toEqual([expect.objectContaining({ rail: 'ACH', code: 'R02', reference: '081000039999999' })])
  })

  it('keeps the 501 for a production rail that is not configured, naming the corridor', async () => {
    const refused = await api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usd },
      destination: { destinationType: 'ACCOUNT', accountId: await usBankAccount(), paymentRail: 'WIRE' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(501)
    expect(refused.body).toMatchObject({ code: 'NOT_IMPLEMENTED', details: { corridor: 'US_ACCOUNT/USD' } })
  })
})

describe('SEPA in production', () => {
  it('a payout to a EUR IBAN is PROCESSING, goes out in a pain.001 file the EPC schema accepts, and COMPLETED once the bank books its debit', async () => {
    const id = await sepaPayout('000', 12_345)
    const { files } = await callUnary(operator(), operator().buildSepaFile, {}, { requestId: 'e2e-sepa' })
    expect(files).toMatchObject([{ entryCount: 1, totalCents: 12_345n }])
    expect(validatePain001(bank.files.get(`/sepa-out/${files[0]!.name}`)!.toString())).toBe('')
    // the bank books the debit: a camt.054 quoting the transfer's end-to-end id
    const endToEndId = id.slice(id.indexOf(':') + 1).replace(/-/g, '')
    const notification = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
      <GrpHdr><MsgId>NTF-E2E</MsgId><CreDtTm>2026-12-01T18:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id>
      <Ntry><Amt Ccy="EUR">123.45</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs><Amt Ccy="EUR">123.45</Amt></TxDtls></NtryDtls></Ntry>
    </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`
    bank.files.set('/sepa-in/NTF_E2E.xml', Buffer.from(notification))
    const read = await callUnary(operator(), operator().fetchSepaInbound, {}, { requestId: 'e2e-sepa' })
    expect(read.files).toMatchObject([{ name: 'NTF_E2E.xml', processed: true, settled: 1, unmatched: 0 }])
    await waitUntil(async () => (await transaction(id)).status === 'COMPLETED', `${id} to complete`, 30_000)
  })

  it("a USD payout to a EUR IBAN converts at the operator's rate, goes out in euros, and COMPLETED once the bank books it", async () => {
    const usdBalance = async () => (await api('GET', '/platform/internal-accounts?currency=USD')).body.data[0].balance.amount as number
    const rate = { sourceCurrency: 'USD', destinationCurrency: 'EUR', midRate: '0.92', spreadBps: 0, validUntil: new Date(Date.now() + 3_600_000), setBy: 'e2e-ops' }
    await callUnary(operator(), operator().setExchangeRate, rate, { requestId: 'e2e-sepa-fx' })
    const before = await usdBalance()
    const id = await sepaPayout('000', 10_000, usd)
    // 100.00 USD at 0.92: 92.00 EUR to the IBAN, 100.00 USD off the account
    expect(await transaction(id)).toMatchObject({ sentAmount: { amount: 10_000, currency: { code: 'USD' } }, receivedAmount: { amount: 9_200, currency: { code: 'EUR' } }, exchangeRate: 0.92 })
    expect(await usdBalance()).toBe(before - 10_000)
    const { files } = await callUnary(operator(), operator().buildSepaFile, {}, { requestId: 'e2e-sepa-fx' })
    expect(files).toMatchObject([{ entryCount: 1, totalCents: 9_200n }])
    expect(validatePain001(bank.files.get(`/sepa-out/${files[0]!.name}`)!.toString())).toBe('')
    const endToEndId = id.slice(id.indexOf(':') + 1).replace(/-/g, '')
    const notification = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
      <GrpHdr><MsgId>NTF-E2E-FX</MsgId><CreDtTm>2026-12-01T18:00:00</CreDtTm></GrpHdr><Ntfctn><Id>N1</Id>
      <Ntry><Amt Ccy="EUR">92.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><NtryDtls><TxDtls><Refs><EndToEndId>${endToEndId}</EndToEndId></Refs><Amt Ccy="EUR">92.00</Amt></TxDtls></NtryDtls></Ntry>
    </Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`
    bank.files.set('/sepa-in/NTF_E2E_FX.xml', Buffer.from(notification))
    expect((await callUnary(operator(), operator().fetchSepaInbound, {}, { requestId: 'e2e-sepa-fx' })).files).toMatchObject([{ name: 'NTF_E2E_FX.xml', processed: true, settled: 1 }])
    await waitUntil(async () => (await transaction(id)).status === 'COMPLETED', `${id} to complete`, 30_000)
  })

  it('a payout the bank rejects in a pain.002 status report FAILS with the ISO reason code, and its debit is restored', async () => {
    const eurBalance = async () => (await api('GET', '/platform/internal-accounts?currency=EUR')).body.data[0].balance.amount as number
    const before = await eurBalance()
    const id = await sepaPayout('001', 5_000)
    expect(await eurBalance()).toBe(before - 5_000)
    const { files } = await callUnary(operator(), operator().buildSepaFile, {}, { requestId: 'e2e-sepa' })
    const messageId = files[0]!.messageId
    const endToEndId = id.slice(id.indexOf(':') + 1).replace(/-/g, '')
    const report = `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
      <GrpHdr><MsgId>STS-E2E</MsgId><CreDtTm>2026-12-01T10:00:00</CreDtTm></GrpHdr>
      <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
      <OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId.slice(0, 31)}-001</OrgnlPmtInfId><TxInfAndSts><OrgnlEndToEndId>${endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf></TxInfAndSts></OrgnlPmtInfAndSts>
    </CstmrPmtStsRpt></Document>`
    bank.files.set('/sepa-in/STS_E2E.xml', Buffer.from(report))
    const read = await callUnary(operator(), operator().fetchSepaInbound, {}, { requestId: 'e2e-sepa' })
    expect(read.files).toMatchObject([{ name: 'STS_E2E.xml', processed: true, returns: 1, unmatched: 0 }])
    await waitUntil(async () => (await transaction(id)).status === 'FAILED', `${id} to fail`, 30_000)
    expect(await transaction(id)).toMatchObject({ failureReason: 'PAYOUT_RETURNED', failureDetails: { rail: 'SEPA', returnCode: 'AC04' } })
    expect(await lastWebhookOf(id)).toMatchObject({ status: 'FAILED', failureDetails: { returnCode: 'AC04' } })
    await waitUntil(async () => (await eurBalance()) === before, 'the rejected debit to be restored', 30_000)
  })
})

// last: the restarted payments process runs each rail's loops at start (a cut-off among them)
describe('a crash while reading the bank\'s files', () => {
  it('a payments process killed while it reads the inbound folder leaves each file processed once: every credit lands once', async () => {
    const FILES = 8
    const before = (await api('GET', '/platform/internal-accounts?currency=USD')).body.data[0].balance.amount as number
    for (let i = 0; i < FILES; i += 1) {
      const trace = `0210000200${String(1000 + i).padStart(5, '0')}`
      bank.drop(`CRASH_${String(i).padStart(2, '0')}.txt`, achCreditFile([{ accountNumber: usdVirtualNumber, amount: BigInt(100 + i), trace }]))
    }
    // the operator's read starts, and the process dies under it: some files downloaded, some claimed, some not yet
    const reading = callUnary(operator(), operator().fetchAchInbound, {}, { requestId: 'e2e-crash' }).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await world.mesh.restart('payments', 'SIGKILL')
    await reading
    // the restarted process reads the folder at start; an operator's read, once it answers, finds what is left, if anything
    await waitUntil(
      () => callUnary(operator(), operator().fetchAchInbound, {}, { requestId: 'e2e-crash' }).then(() => true, () => false),
      'the restarted payments process to read the inbound folder',
      30_000,
    )
    const processed = await sql<{ name: string; count: string }>('payments', `SELECT name, count(*) FROM bank_inbound_files WHERE name LIKE 'CRASH_%' GROUP BY name`)
    expect(processed).toHaveLength(FILES)
    expect(processed.every((row) => Number(row.count) === 1)).toBe(true)
    const expected = before + Array.from({ length: FILES }, (_, i) => 100 + i).reduce((a, b) => a + b, 0)
    await waitUntil(async () => (await api('GET', '/platform/internal-accounts?currency=USD')).body.data[0].balance.amount === expected, 'every credit once', 30_000)
    await waitUntil(async () => (await incomingPaymentsOf(usd)).length === FILES + 1, `${FILES + 1} incoming payments`, 30_000)
  }, 120_000)
})

/** A payout of the platform's EUR account to a new EUR IBAN account (`suffix` makes its IBAN), executed at once. */
/** A payout of `amount` (in the source account's currency, EUR unless told) to a new German IBAN; its transaction's id. */
async function sepaPayout(suffix: string, amount: number, source = eur): Promise<string> {
  const created = await api('POST', '/platform/external-accounts', {
    currency: 'EUR',
    accountInfo: { accountType: 'EUR_ACCOUNT', iban: germanIban(suffix), beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace', countryOfResidence: 'FR' } },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const quote = await api('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: source },
    destination: { destinationType: 'ACCOUNT', accountId: created.body.id },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    immediatelyExecute: true,
  }, { 'Idempotency-Key': `sepa-${randomUUID()}` })
  expect(quote.status, JSON.stringify(quote.body)).toBe(201)
  const id = quote.body.transactionId as string
  expect(await transaction(id)).toMatchObject({ status: 'PROCESSING', paymentRail: 'SEPA' })
  return id
}
