import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, PaymentsPlatformClient, type CustomerCreateRequest, type InternalAccount, type Transaction } from '../../packages/client/src/index.js'
import { type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { germanIban } from './payments-support.js'

/**
 * The generated client against the real mesh: a customer's whole path to a payment, typed errors
 * and idempotent retries, with no request written by hand.
 */
let mesh: Mesh
let client: PaymentsPlatformClient

beforeAll(async () => {
  mesh = sharedMesh()
  const platform = await mesh.createPlatform(`e2e-typed-client-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  client = new PaymentsPlatformClient({ baseUrl: mesh.baseUrl, credentials: platform })
}, 180_000)

afterAll(async () => {
  await mesh?.stop()
})

async function customerRequest(): Promise<CustomerCreateRequest> {
  const { data: terms } = await client.getEndUserTerms()
  return {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
    fullName: 'Grace Hopper',
    agreementConsents: [
      { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: terms.version, acceptanceMethod: 'CHECKBOX' },
    ],
  }
}

/** The customer's fiat accounts once provisioned (they are opened after the customer is created). */
async function fiatAccounts(customerId: string): Promise<InternalAccount[]> {
  let accounts: InternalAccount[] = []
  await waitUntil(
    async () => {
      const { data } = await client.listCustomerInternalAccounts({ query: { customerId, type: 'INTERNAL_FIAT', limit: 100 } })
      accounts = data.data
      return accounts.length > 0
    },
    'the customer accounts',
    30_000,
  )
  return accounts
}

describe('a payment through the typed client', () => {
  it('creates a customer, funds its account, pays an external account and reads the transaction', async () => {
    const created = await client.createCustomer({ body: await customerRequest() })
    expect(created.status).toBe(201)
    const customer = created.data
    expect(customer.id).toMatch(/^Customer:/)

    const eur = (await fiatAccounts(customer.id)).find((account) => account.balance.currency.code === 'EUR')
    expect(eur).toBeDefined()
    const funded = await client.sandboxFundInternalAccount({ path: { accountId: eur!.id }, body: { amount: 100_000 } })
    expect(funded.data.balance.amount).toBe(100_000)

    const external = await client.createCustomerExternalAccount({
      body: {
        customerId: customer.id,
        currency: 'EUR',
        // the sandbox settles a payment to an account ending in 000
        accountInfo: { accountType: 'EUR_ACCOUNT', iban: germanIban('000'), beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'DE' } },
      },
    })
    expect(external.status).toBe(201)

    const quoted = await client.createQuote({
      body: {
        source: { sourceType: 'ACCOUNT', accountId: eur!.id },
        destination: { destinationType: 'ACCOUNT', accountId: external.data.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000,
      },
    })
    expect(quoted.status).toBe(201)
    expect(quoted.data.totalSendingAmount).toBeGreaterThanOrEqual(1_000)

    const executed = await client.executeQuote({ path: { quoteId: quoted.data.id }, headers: { 'Idempotency-Key': `execute-${quoted.data.id}` } })
    // 202 would be a signed-retry challenge, which only an embedded wallet's quote asks for
    if (executed.status !== 200) throw new Error(`expected the executed quote, got ${executed.status}`)
    const transactionId = executed.data.transactionId
    expect(transactionId).toMatch(/^Transaction:/)

    let transaction: Transaction | undefined
    await waitUntil(
      async () => {
        transaction = (await client.getTransactionById({ path: { transactionId: transactionId! } })).data
        return transaction.status === 'COMPLETED'
      },
      `${transactionId} to complete (last seen ${transaction?.status})`,
      30_000,
    )
    expect(transaction).toMatchObject({ id: transactionId, type: 'OUTGOING', quoteId: quoted.data.id })

    const [after] = await fiatAccounts(customer.id).then((accounts) => accounts.filter((account) => account.id === eur!.id))
    expect(after!.balance.amount).toBe(100_000 - quoted.data.totalSendingAmount)
  })
})

describe('errors and retries through the typed client', () => {
  it('throws an ApiError with the code of an unknown transaction', async () => {
    const error = await client.getTransactionById({ path: { transactionId: 'Transaction:019542f5-b3e7-1d02-0000-000000000000' } }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, code: 'TRANSACTION_NOT_FOUND', operationId: 'getTransactionById', isRetryable: false })
    expect((error as ApiError).requestId).toBeTruthy()
  })

  it('throws INVALID_INPUT with the failing field for a body the server refuses', async () => {
    const body = { ...(await customerRequest()), platformCustomerId: '' }
    const error = await client.createCustomer({ body }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    expect((error as ApiError).details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'platformCustomerId' })]))
  })

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const body = await customerRequest()
    const headers = { 'Idempotency-Key': `typed-client-${randomBytes(8).toString('hex')}` }
    const first = await client.createCustomer({ headers, body })
    const retried = await client.createCustomer({ headers, body })
    expect(retried.status).toBe(first.status)
    expect(retried.data).toEqual(first.data)
    // a new key is a new customer, refused here because the platform's customer id is taken
    const again = await client.createCustomer({ body }).catch((err: unknown) => err)
    expect(again).toMatchObject({ status: 409 })
  })

  it('sends no credentials it was not given: an agent operation without an agent token is unauthorized', async () => {
    const error = await client.agentListInternalAccounts().catch((err: unknown) => err)
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
  })
})
