import { callUnary } from '@pp/grpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPE_NAMES } from '../src/domain/external-accounts/account-types.js'
import { ACCOUNT_EXAMPLES, PERSON } from './external-accounts-examples.js'
import {
  apiErrorOf, callContext, countRows, createAccount, createRequest, newTenant, shownAccount, startExternalAccountsHarness, type ExternalAccountsHarness,
} from './external-accounts-harness.js'

let h: ExternalAccountsHarness
beforeAll(async () => {
  h = await startExternalAccountsHarness('create')
})
afterAll(() => h?.stop())

const EUR = ACCOUNT_EXAMPLES.EUR_ACCOUNT
const USD = ACCOUNT_EXAMPLES.USD_ACCOUNT
const eurWithIban = (iban: string) => ({ ...EUR, accountInfo: { ...EUR.accountInfo, iban } })

describe('CreateExternalAccount', () => {
  it.each(ACCOUNT_TYPE_NAMES)('creates a %s account and reads it back', async (type) => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const example = ACCOUNT_EXAMPLES[type]
    const created = await createAccount(h, tenant, createRequest(example, { customerId }, { platformAccountId: `ext-${type}` }))
    expect(created).toMatchObject({ customerId, currency: example.currency, platformAccountId: `ext-${type}` })
    expect(created.id).toMatch(/^ExternalAccount:/)
    expect(created.accountInfo).toMatchObject(example.accountInfo)
    const got = await callUnary(h.client, h.client.getExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: created.id }, callContext(tenant))
    expect(shownAccount(got)).toEqual(created)
  })

  it('gives bank accounts their rails and beneficiary verification; wallets neither', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const eur = await createAccount(h, tenant, createRequest(EUR, { customerId }))
    expect(eur).toMatchObject({ status: 'ACTIVE', beneficiaryVerificationStatus: 'MATCHED', beneficiaryVerifiedData: { fullName: 'Jane Doe' } })
    expect(eur.accountInfo.paymentRails).toEqual(['SEPA', 'SEPA_INSTANT'])
    const spark = await createAccount(h, tenant, createRequest(ACCOUNT_EXAMPLES.SPARK_WALLET, { customerId }))
    expect(spark).toMatchObject({ status: 'ACTIVE' })
    expect(spark).not.toHaveProperty('beneficiaryVerificationStatus')
    expect(spark.accountInfo).not.toHaveProperty('paymentRails')
  })

  describe('validation', () => {
    it('answers 400 INVALID_INPUT with every field error and stores nothing', async () => {
      const tenant = newTenant()
      const customerId = h.customers.add(tenant)
      const before = await countRows(h)
      const request = createRequest(USD, { customerId }, {
        currency: 'EUR',
        ownershipType: 'SOMEONE',
        accountInfo: { ...USD.accountInfo, routingNumber: '123456789', accountNumber: undefined, beneficiary: { ...PERSON, birthDate: '1990-13-01' } },
      })
      const error = await apiErrorOf(createAccount(h, tenant, request))
      expect(error.code).toBe('INVALID_INPUT')
      expect((error.details.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
        'currency',
        'ownershipType',
        'accountInfo.accountNumber',
        'accountInfo.routingNumber',
        'accountInfo.beneficiary.birthDate',
      ])
      expect(await countRows(h)).toBe(before)
    })

    it.each([
      ['an IBAN with a bad check digit', eurWithIban('DE89370400440532013001'), 'accountInfo.iban'],
      ['a CLABE with a bad check digit', { ...ACCOUNT_EXAMPLES.MXN_ACCOUNT, accountInfo: { ...ACCOUNT_EXAMPLES.MXN_ACCOUNT.accountInfo, clabeNumber: '032180000118359718' } }, 'accountInfo.clabeNumber'],
      ['a Spark address with a bad checksum', { currency: 'BTC', accountInfo: { accountType: 'SPARK_WALLET', address: 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu' } }, 'accountInfo.address'],
      ['an EVM address failing EIP-55', { currency: 'USDC', accountInfo: { accountType: 'BASE_WALLET', address: '0xAbCDEF1234567890aBCdEf1234567890ABcDef12' } }, 'accountInfo.address'],
      ['an unknown account type', { currency: 'USD', accountInfo: { accountType: 'CHEQUE' } }, 'accountInfo.accountType'],
      ['no account information', { currency: 'USD', accountInfo: undefined as never }, 'accountInfo'],
    ])('rejects %s', async (_case, example, field) => {
      const tenant = newTenant()
      const customerId = h.customers.add(tenant)
      const before = await countRows(h)
      const error = await apiErrorOf(createAccount(h, tenant, createRequest(example, { customerId })))
      expect(error.status).toBe(400)
      expect(error.details.errors).toEqual([expect.objectContaining({ field })])
      expect(await countRows(h)).toBe(before)
    })

    it('needs an existing, live customer, and takes none for the platform’s own accounts', async () => {
      const tenant = newTenant()
      const missing = await apiErrorOf(createAccount(h, tenant, createRequest(EUR, { customerId: 'Customer:019542f5-b3e7-7d02-8000-000000000001' })))
      expect(missing.code).toBe('CUSTOMER_NOT_FOUND')
      const deletedId = h.customers.add(tenant, { isDeleted: true })
      expect((await apiErrorOf(createAccount(h, tenant, createRequest(EUR, { customerId: deletedId })))).code).toBe('CUSTOMER_DELETED')
      const malformed = await apiErrorOf(createAccount(h, tenant, createRequest(EUR, { customerId: 'cus_1' })))
      expect(malformed.details.errors).toEqual([expect.objectContaining({ field: 'customerId' })])
      const platformWithCustomer = createRequest(EUR, 'PLATFORM', { customerId: deletedId })
      expect((await apiErrorOf(createAccount(h, tenant, platformWithCustomer))).details.errors).toEqual([expect.objectContaining({ field: 'customerId' })])
      const otherTenantCustomer = h.customers.add(newTenant())
      expect((await apiErrorOf(createAccount(h, tenant, createRequest(EUR, { customerId: otherTenantCustomer })))).code).toBe('CUSTOMER_NOT_FOUND')
    })
  })

  describe('duplicates', () => {
    it('answers 409 DUPLICATE_EXTERNAL_ACCOUNT for an equivalent account of the owner, and stores nothing', async () => {
      const tenant = newTenant()
      const customerId = h.customers.add(tenant)
      await createAccount(h, tenant, createRequest(EUR, { customerId }))
      const before = await countRows(h)
      const sameIbanOtherCase = eurWithIban(EUR.accountInfo.iban!.toLowerCase().replace(/^de/, 'DE'))
      expect((await apiErrorOf(createAccount(h, tenant, createRequest(sameIbanOtherCase, { customerId })))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
      await createAccount(h, tenant, createRequest(USD, { customerId }))
      const usAlias = { currency: 'USD', accountInfo: { accountType: 'US_ACCOUNT', accountNumber: USD.accountInfo.accountNumber, routingNumber: USD.accountInfo.routingNumber, beneficiary: PERSON } }
      expect((await apiErrorOf(createAccount(h, tenant, createRequest(usAlias, { customerId })))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
      expect(await countRows(h)).toBe(before + 1)
    })

    it('allows the same account for another owner, another tenant, and once the first is deleted', async () => {
      const tenant = newTenant()
      const first = h.customers.add(tenant)
      const created = await createAccount(h, tenant, createRequest(EUR, { customerId: first }))
      await createAccount(h, tenant, createRequest(EUR, { customerId: h.customers.add(tenant) }))
      await createAccount(h, tenant, createRequest(EUR, 'PLATFORM'))
      expect((await apiErrorOf(createAccount(h, tenant, createRequest(EUR, 'PLATFORM')))).code).toBe('DUPLICATE_EXTERNAL_ACCOUNT')
      const other = newTenant()
      await createAccount(h, other, createRequest(EUR, { customerId: h.customers.add(other) }))
      await callUnary(h.client, h.client.deleteExternalAccount, { ownerKind: 'CUSTOMER', externalAccountId: created.id }, callContext(tenant))
      await createAccount(h, tenant, createRequest(EUR, { customerId: first }))
    })
  })

  it('replays the first answer for a retry with the same Idempotency-Key', async () => {
    const tenant = newTenant()
    const customerId = h.customers.add(tenant)
    const first = await createAccount(h, tenant, createRequest(EUR, { customerId }), 'key-1')
    expect(await createAccount(h, tenant, createRequest(EUR, { customerId }), 'key-1')).toEqual(first)
    const reused = await apiErrorOf(createAccount(h, tenant, createRequest(USD, { customerId }), 'key-1'))
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  describe('sandbox beneficiary verification (1xx suffixes)', () => {
    it.each([
      ['DE75512108001245126102', 'NOT_MATCHED'],
      ['DE48512108001245126103', 'PARTIAL_MATCH'],
      ['DE21512108001245126104', 'PENDING'],
      ['DE64512108001245126106', 'UNSUPPORTED'],
      ['DE37512108001245126107', 'CHECKED_BY_RECEIVING_FI'],
      ['DE89370400440532013000', 'MATCHED'],
    ])('gives IBAN %s the status %s', async (iban, status) => {
      const tenant = newTenant()
      const created = await createAccount(h, tenant, createRequest(eurWithIban(iban), { customerId: h.customers.add(tenant) }))
      expect(created.beneficiaryVerificationStatus).toBe(status)
    })

    it('answers 400 INVALID_BANK_ACCOUNT for suffix 105 and stores nothing', async () => {
      const tenant = newTenant()
      const before = await countRows(h)
      const error = await apiErrorOf(createAccount(h, tenant, createRequest(eurWithIban('DE91512108001245126105'), { customerId: h.customers.add(tenant) })))
      expect(error.code).toBe('INVALID_BANK_ACCOUNT')
      expect(await countRows(h)).toBe(before)
    })

    it('reads the digits of the username of a PIX email key', async () => {
      const tenant = newTenant()
      const pix = ACCOUNT_EXAMPLES.BRL_ACCOUNT
      const request = createRequest({ ...pix, accountInfo: { ...pix.accountInfo, pixKey: 'maria103@example.com' } }, { customerId: h.customers.add(tenant) })
      expect((await createAccount(h, tenant, request)).beneficiaryVerificationStatus).toBe('PARTIAL_MATCH')
    })
  })
})
