import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { open } from '../src/db/client.js'
import type { InternalAccountView } from '../src/domain/internal-accounts/types.js'
import { accountOf, activeCustomer, balancesOf, failure, newTenant, type Harness, startHarness } from './harness.js'

const COLLECTION = {
  ach: { routingNumber: '021000021', bankName: 'First Collection Bank', accountNumberPrefix: '8300' },
  sepa: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
}

let h: Harness
beforeAll(async () => {
  h = await startHarness('collected_payments', undefined, COLLECTION)
})
afterAll(() => h?.stop())

/** The coordinates of an account's one funding instruction, whichever kind they are. */
const coordinatesOf = (account: InternalAccountView) =>
  account.fundingPaymentInstructions[0]!.accountOrWalletInfo as { accountNumber?: string; routingNumber?: string; reference?: string }

const credit = (payment: { rail: string; identifier: string; currency: string; amount: bigint; transferId: string }) =>
  callUnary(h.accounts, h.accounts.creditCollectedPayment, { ...payment, description: 'ACH credit from ACME CORP' }, {})

const creditedFacts = async (accountId: string) =>
  (await open(h.db).outboxEvent.findMany({ where: { subject: { endsWith: 'FUNDS_CREDITED' } } })).filter((row) =>
    JSON.stringify(row.payload).includes(accountId),
  )

describe('payments collected on the deployment’s bank accounts', () => {
  it('gives production accounts their own coordinates on the collection accounts, and sandbox accounts the sandbox ones', async () => {
    const production = await activeCustomer(h, newTenant('PRODUCTION'))
    const usd = coordinatesOf(accountOf(production, 'USD'))
    expect(usd).toMatchObject({ accountType: 'USD_ACCOUNT', paymentRails: ['ACH'], routingNumber: '021000021', accountNumber: expect.stringMatching(/^8300[0-9]{10}$/) })
    const eur = coordinatesOf(accountOf(production, 'EUR'))
    expect(eur).toMatchObject({ accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', reference: expect.stringMatching(/^RF[0-9]{14}$/) })
    const other = await activeCustomer(h, newTenant('PRODUCTION'))
    expect(coordinatesOf(accountOf(other, 'USD')).accountNumber).not.toBe(usd.accountNumber)
    const sandbox = await activeCustomer(h, newTenant('SANDBOX'))
    expect(coordinatesOf(accountOf(sandbox, 'USD')).routingNumber).not.toBe('021000021')
  })

  it('credits the account a virtual account number names, once per transfer id, with its FUNDS_CREDITED fact', async () => {
    const ctx = newTenant('PRODUCTION')
    const usd = accountOf(await activeCustomer(h, ctx), 'USD')
    const accountNumber = coordinatesOf(usd).accountNumber!
    const transferId = newId('Transfer')
    const payment = { rail: 'ACH', identifier: accountNumber, currency: 'USD', amount: 12_345n, transferId }
    const answers = await Promise.all([credit(payment), credit(payment)])
    expect(answers).toEqual([
      { accountId: usd.id, platformId: ctx.platformId, environment: 'PRODUCTION' },
      { accountId: usd.id, platformId: ctx.platformId, environment: 'PRODUCTION' },
    ])
    await credit(payment)
    expect(await balancesOf(h, ctx, [usd.id])).toEqual([{ available: 12_345n, total: 12_345n }])
    expect(await creditedFacts(usd.id)).toHaveLength(1)
  })

  it('credits the account a SEPA creditor reference names, however the payer spaced it', async () => {
    const ctx = newTenant('PRODUCTION')
    const eur = accountOf(await activeCustomer(h, ctx), 'EUR')
    const reference = coordinatesOf(eur).reference!
    const spaced = reference.toLowerCase().replace(/(.{4})/g, '$1 ')
    await credit({ rail: 'SEPA', identifier: spaced, currency: 'EUR', amount: 5_000n, transferId: newId('Transfer') })
    expect(await balancesOf(h, ctx, [eur.id])).toEqual([{ available: 5_000n, total: 5_000n }])
  })

  it('refuses an unknown key, another currency, a sandbox account and an unknown rail, and moves nothing', async () => {
    const ctx = newTenant('PRODUCTION')
    const usd = accountOf(await activeCustomer(h, ctx), 'USD')
    const accountNumber = coordinatesOf(usd).accountNumber!
    const base = { rail: 'ACH', identifier: accountNumber, currency: 'USD', amount: 100n }
    expect((await failure(credit({ ...base, identifier: '830099999999999', transferId: newId('Transfer') }))).code).toBe('NOT_FOUND')
    expect((await failure(credit({ ...base, currency: 'EUR', transferId: newId('Transfer') }))).code).toBe('INVALID_INPUT')
    expect((await failure(credit({ ...base, rail: 'SWIFT', transferId: newId('Transfer') }))).code).toBe('INVALID_INPUT')
    const sandbox = accountOf(await activeCustomer(h, newTenant('SANDBOX')), 'USD')
    const sandboxNumber = coordinatesOf(sandbox).accountNumber!
    expect((await failure(credit({ ...base, identifier: sandboxNumber, transferId: newId('Transfer') }))).code).toBe('NOT_FOUND')
    expect(await balancesOf(h, ctx, [usd.id])).toEqual([{ available: 0n, total: 0n }])
  })
})
