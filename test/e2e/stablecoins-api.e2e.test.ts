import { randomBytes } from 'node:crypto'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { LedgerServiceClient } from '@pp/proto/ledger/v1/ledger'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../tools/admin/src/run.js'
import { apiClient, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * Stablecoins through the gateway on the real mesh: provider account links, registration,
 * enablement (the sandbox's own approval and the operator's command), mints and burns that move
 * money in the ledger, every STABLECOIN_* refusal of the catalogue, tenant isolation, and
 * concurrent mints and burns that keep the supply exact.
 */
type Api = ReturnType<typeof apiClient>

let mesh: Mesh
let api: Api
let platformId: string
let ledger: LedgerServiceClient
let production: Api
let stranger: Api
let linkId: string
let usdAccountId: string
let payoutAccountId: string

const key = (): Record<string, string> => ({ 'Idempotency-Key': `k-${randomBytes(8).toString('hex')}` })
const unique = (prefix: string): string => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`

async function link(client: Api, secret = 'sandbox-secret') {
  return client('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: `client-${randomBytes(4).toString('hex')}`, apiClientSecret: secret }, key())
}

async function register(client: Api, providerTokenIdentifier: string, extra: Record<string, string> = {}) {
  const body = { providerTokenIdentifier, networkTokenIdentifier: `spark1${randomBytes(8).toString('hex')}`, network: 'SPARK', ...extra }
  return client('POST', '/stablecoins', body, key())
}

async function statusOf(stablecoinId: string): Promise<string> {
  return (await api('GET', `/stablecoins/${stablecoinId}`)).body.serviceOperationsStatus as string
}

/** A provisioned stablecoin of the platform's link, enabled by the sandbox's approval. */
async function enabledStablecoin(flags = ''): Promise<{ id: string; symbol: string }> {
  const created = await register(api, `${unique('U')}${flags}`, { stablecoinProviderAccountId: linkId })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect((await api('POST', `/stablecoins/${created.body.id}/request-service-enablement`)).status).toBe(200)
  await waitUntil(async () => (await statusOf(created.body.id)) === 'ENABLED', 'the sandbox approval', 30_000)
  return { id: created.body.id, symbol: created.body.symbol }
}

async function ledgerBalance(accountId: string): Promise<number> {
  const ctx = { platformId, environment: 'SANDBOX' as const, requestId: 'stablecoins-e2e' }
  const { balances } = await callUnary(ledger, ledger.getBalances, { accounts: [{ accountId }] }, ctx)
  return Number(balances[0]!.available)
}

async function usdBalance(): Promise<number> {
  const accounts = (await api('GET', '/platform/internal-accounts?currency=USD')).body.data as Array<{ id: string; balance: { amount: number } }>
  return accounts.find((a) => a.id === usdAccountId)!.balance.amount
}

function mintBody(stablecoinId: string, amount: string, fundingSource: Record<string, unknown> = { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usdAccountId }) {
  return { amount, fundingSource, destination: { accountId: stablecoinId } }
}

function burnBody(stablecoinId: string, amount: string, options: { source?: Record<string, unknown>; externalAccountId?: string; destination?: Record<string, unknown> } = {}) {
  return {
    amount,
    source: options.source ?? { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: stablecoinId },
    destination: options.destination ?? { type: 'EXTERNAL_ACCOUNT', externalAccountId: options.externalAccountId ?? payoutAccountId, rail: 'ACH_CREDIT' },
  }
}

/** A burn whose value comes back to the platform's USD account: the reverse of a mint. */
const toUsdAccount = (): Record<string, unknown> => ({ type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usdAccountId })

async function finalOperation(operationId: string): Promise<any> {
  let operation: any
  await waitUntil(
    async () => {
      operation = (await api('GET', `/stablecoin-operations/${operationId}`)).body
      return operation.status === 'COMPLETED' || operation.status === 'FAILED'
    },
    `operation ${operationId} to finish`,
    30_000,
  )
  return operation
}

/** A USD bank account of the platform whose account number ends in `last4`, once its ACH validation is over. */
async function platformBankAccount(last4: string): Promise<string> {
  const accountInfo = {
    accountType: 'US_ACCOUNT',
    accountNumber: `98${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}${last4}`,
    routingNumber: '011000015',
    accountCategory: 'CHECKING',
    beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
  }
  const created = await api('POST', '/platform/external-accounts', { currency: 'USD', accountInfo })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await waitUntil(async () => (await api('GET', `/platform/external-accounts/${created.body.id}`)).body.status === 'ACTIVE', 'ACH validation', 30_000)
  return created.body.id as string
}

async function expectCode(response: { status: number; body: any }, status: number, code: string): Promise<void> {
  expect([response.status, response.body?.code], JSON.stringify(response.body)).toEqual([status, code])
}

beforeAll(async () => {
  mesh = sharedMesh()
  const platform = await mesh.createPlatform(`e2e-stablecoins-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  platformId = platform.platformId
  api = apiClient(mesh, platform)
  production = apiClient(mesh, platform.production)
  stranger = apiClient(mesh, await mesh.createPlatform(`e2e-stablecoins-other-${randomBytes(4).toString('hex')}`))
  ledger = createGrpcClient(LedgerServiceClient, mesh.operatorAddress('ledger'))
  await waitUntil(async () => (await api('GET', '/platform/internal-accounts?currency=USD')).body.data.length > 0, 'the platform USD account', 30_000)
  usdAccountId = (await api('GET', '/platform/internal-accounts?currency=USD')).body.data[0].id
  expect((await api('POST', `/sandbox/internal-accounts/${usdAccountId}/fund`, { amount: 10_000_000 })).status).toBe(200)
  payoutAccountId = await platformBankAccount('1234')
}, 180_000)

afterAll(async () => {
  ledger?.close()
  await mesh?.stop()
})

describe('provider account links', () => {
  it('links, answers a retry with the first link, keeps what the provider said and lists newest first', async () => {
    const headers = key()
    const body = { provider: 'BRALE', apiClientId: 'client-one', apiClientSecret: 'sandbox-secret', providerAccountId: 'brale-acct-1' }
    const first = await api('POST', '/stablecoin-provider-accounts', body, headers)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ provider: 'BRALE', providerAccountId: 'brale-acct-1', providerEnvironment: 'SANDBOX', status: 'ACTIVE' })
    expect(first.body).not.toHaveProperty('apiClientSecret')
    linkId = first.body.id
    const retry = await api('POST', '/stablecoin-provider-accounts', body, headers)
    expect(retry.body).toEqual(first.body)
    expect((await api('GET', `/stablecoin-provider-accounts/${linkId}`)).body).toEqual(first.body)

    const invalid = await link(api, 'sandbox-invalid')
    const revoked = await link(api, 'sandbox-revoked')
    expect([invalid.body.status, revoked.body.status]).toEqual(['INVALID', 'REVOKED'])
    const page = await api('GET', '/stablecoin-provider-accounts?status=REVOKED')
    expect(page.body.data.map((a: { id: string }) => a.id)).toEqual([revoked.body.id])

    await expectCode(await link(api, 'sandbox-unavailable'), 503, 'SERVICE_UNAVAILABLE')
    await expectCode(await api('GET', '/stablecoin-provider-accounts/StablecoinProviderAccount:none'), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')
  })

  it('production has no issuer configured and says so', async () => {
    await expectCode(await link(production), 501, 'NOT_IMPLEMENTED')
  })
})

describe('registration', () => {
  it('registers a provisioned token NOT_ENABLED, with the provider account link it was registered against', async () => {
    const symbol = unique('R')
    const created = await register(api, symbol.toLowerCase(), { stablecoinProviderAccountId: linkId })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({
      symbol, baseCurrency: 'USD', decimals: 6, network: 'SPARK', issuanceStatus: 'PROVISIONED', serviceOperationsStatus: 'NOT_ENABLED',
      provider: 'BRALE', stablecoinProviderAccountId: linkId, providerEnvironment: 'SANDBOX',
    })
    expect(created.body).not.toHaveProperty('currency')
    expect((await api('GET', `/stablecoins/${created.body.id}`)).body).toEqual(created.body)
    const listed = await api('GET', '/stablecoins?serviceOperationsStatus=NOT_ENABLED&limit=100')
    expect(listed.body.data.map((s: { id: string }) => s.id)).toContain(created.body.id)

    await expectCode(await register(api, symbol.toLowerCase(), { stablecoinProviderAccountId: linkId }), 409, 'STABLECOIN_SYMBOL_ALREADY_EXISTS')
    const sameToken = await api('POST', '/stablecoins', { providerTokenIdentifier: `${unique('T')}`, networkTokenIdentifier: created.body.networkTokenIdentifier, network: 'SPARK', stablecoinProviderAccountId: linkId }, key())
    await expectCode(sameToken, 409, 'STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS')
    // a symbol that is already a currency of the service would mix with its money
    await expectCode(await register(api, 'usdc', { stablecoinProviderAccountId: linkId }), 409, 'STABLECOIN_SYMBOL_ALREADY_EXISTS')
  })

  it('refuses links the provider does not honour, unknown links and tokens, and a provider that is down', async () => {
    const invalid = (await link(api, 'sandbox-invalid')).body.id
    const revoked = (await link(api, 'sandbox-revoked')).body.id
    await expectCode(await register(api, unique('A'), { stablecoinProviderAccountId: invalid }), 400, 'STABLECOIN_PROVIDER_ACCOUNT_INVALID')
    await expectCode(await register(api, unique('A'), { stablecoinProviderAccountId: revoked }), 400, 'STABLECOIN_PROVIDER_ACCOUNT_REVOKED')
    await expectCode(await register(api, unique('A'), { stablecoinProviderAccountId: 'StablecoinProviderAccount:none' }), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')
    await expectCode(await register(api, `${unique('A')}-unknown`, { stablecoinProviderAccountId: linkId }), 400, 'STABLECOIN_PROVIDER_ERROR')
    await expectCode(await register(api, `${unique('A')}-unavailable`, { stablecoinProviderAccountId: linkId }), 503, 'SERVICE_UNAVAILABLE')
  })

  it('takes the one active link when none is named, and asks which when there are several', async () => {
    const other = apiClient(mesh, await mesh.createPlatform(`e2e-stablecoins-links-${randomBytes(4).toString('hex')}`))
    await expectCode(await register(other, unique('N')), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')
    const only = (await link(other)).body.id
    await link(other, 'sandbox-revoked')
    const registered = await register(other, unique('N'))
    expect([registered.status, registered.body.stablecoinProviderAccountId]).toEqual([201, only])
    await link(other)
    await expectCode(await register(other, unique('N')), 400, 'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED')
  })
})

describe('enablement', () => {
  it('goes NOT_ENABLED → PENDING_APPROVAL (again: the same) → ENABLING → ENABLED in sandbox, then cannot be requested', async () => {
    const created = await register(api, unique('E'), { stablecoinProviderAccountId: linkId })
    const id = created.body.id as string
    const mint = () => api('POST', `/stablecoins/${id}/mints`, mintBody(id, '1000000'), key())
    await expectCode(await mint(), 400, 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED')
    const requested = await api('POST', `/stablecoins/${id}/request-service-enablement`)
    expect([requested.status, requested.body.serviceOperationsStatus]).toEqual([200, 'PENDING_APPROVAL'])
    await waitUntil(
      async () => {
        const status = await statusOf(id)
        // a repeat while pending succeeds (until the approval moves it on)
        if (status === 'PENDING_APPROVAL') expect((await api('POST', `/stablecoins/${id}/request-service-enablement`)).status).toBe(200)
        return status === 'ENABLED'
      },
      'the sandbox approval',
      30_000,
    )
    const enabled = (await api('GET', `/stablecoins/${id}`)).body
    expect(enabled.currency).toBe(enabled.symbol)
    await expectCode(await api('POST', `/stablecoins/${id}/request-service-enablement`), 409, 'STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE')
    const ops = await api('GET', `/stablecoins/${id}/operations`)
    expect(ops.body).toEqual({ data: [], hasMore: false, totalCount: 0 })
  })

  // the operator command reaches the stablecoins service, and the platform service that keeps its audit log, on their operator ports
  const adminEnv = () => ({ STABLECOINS_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('stablecoins'), PLATFORM_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('platform') })

  it('the operator command sets ENABLING, DISABLED and ENABLED, and none of them can be requested', async () => {
    const created = await register(api, unique('O'), { stablecoinProviderAccountId: linkId })
    const id = created.body.id as string
    const env = adminEnv()
    const setStatus = async (...args: string[]) => (await runAdmin(['stablecoins', 'set-operations-status', ...args], env)).data as { serviceOperationsStatus: string }
    for (const status of ['ENABLING', 'DISABLED']) {
      expect((await setStatus(id, status)).serviceOperationsStatus).toBe(status)
      expect(await statusOf(id)).toBe(status)
      await expectCode(await api('POST', `/stablecoins/${id}/request-service-enablement`), 409, 'STABLECOIN_SERVICE_ENABLEMENT_NOT_REQUESTABLE')
      await expectCode(await api('POST', `/stablecoins/${id}/mints`, mintBody(id, '1000000'), key()), 400, 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED')
    }
    await setStatus(id, 'ENABLED')
    const minted = await api('POST', `/stablecoins/${id}/mints`, mintBody(id, '1000000'), key())
    expect(minted.status, JSON.stringify(minted.body)).toBe(201)
    await expect(setStatus(id, 'PENDING_APPROVAL')).rejects.toThrow(/status must be one of/)
    await expect(setStatus('Stablecoin:none', 'ENABLED')).rejects.toThrow(/not found/)
    await expect(setStatus(id)).rejects.toThrow(/usage/)
    await expect(runAdmin(['stablecoins', 'enable'], env)).rejects.toThrow(/unknown command/)
  })

  it('a token the provider has not provisioned can be neither enabled nor operated', async () => {
    const created = await register(api, `${unique('P')}-review`, { stablecoinProviderAccountId: linkId })
    expect(created.body.issuanceStatus).toBe('PENDING_REVIEW')
    const id = created.body.id as string
    await expectCode(await api('POST', `/stablecoins/${id}/request-service-enablement`), 400, 'STABLECOIN_NOT_PROVISIONED')
    await runAdmin(['stablecoins', 'set-operations-status', id, 'ENABLED'], adminEnv())
    await expectCode(await api('POST', `/stablecoins/${id}/mints`, mintBody(id, '1000000'), key()), 400, 'STABLECOIN_NOT_PROVISIONED')
  })
})

describe('mints and burns', () => {
  it('a mint moves fiat to the provider and tokens into the holding account; a burn takes them out; a retry moves nothing again', async () => {
    const coin = await enabledStablecoin()
    const usdBefore = await usdBalance()
    expect(await ledgerBalance(coin.id)).toBe(0)

    const headers = key()
    const mint = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '12340000'), headers)
    expect(mint.status, JSON.stringify(mint.body)).toBe(201)
    expect(mint.body).toMatchObject({
      stablecoinId: coin.id, operationType: 'MINT', status: 'PENDING_PROVIDER', amount: '12340000', provider: 'BRALE',
      stablecoinProviderAccountId: linkId, source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usdAccountId }, destination: { accountId: coin.id },
    })
    // the fiat is held at once
    expect(await usdBalance()).toBe(usdBefore - 1234)
    const minted = await finalOperation(mint.body.id)
    expect(minted.status).toBe('COMPLETED')
    expect(await usdBalance()).toBe(usdBefore - 1234)
    expect(await ledgerBalance(coin.id)).toBe(12_340_000)
    const retry = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '12340000'), headers)
    expect([retry.status, retry.body.id]).toEqual([201, mint.body.id])
    await expectCode(await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '10000'), headers), 409, 'IDEMPOTENCY_KEY_REUSED')
    expect(await ledgerBalance(coin.id)).toBe(12_340_000)

    const burn = await api('POST', `/stablecoins/${coin.id}/burns`, burnBody(coin.id, '2000000'), key())
    expect(burn.status, JSON.stringify(burn.body)).toBe(201)
    expect(burn.body).toMatchObject({ operationType: 'BURN', status: 'PENDING_PROVIDER', destination: { accountId: payoutAccountId, rail: 'ACH_CREDIT' } })
    expect((await finalOperation(burn.body.id)).status).toBe('COMPLETED')
    // paid out by the provider to the bank account: the platform's USD account does not move
    expect(await ledgerBalance(coin.id)).toBe(10_340_000)
    expect(await usdBalance()).toBe(usdBefore - 1234)

    const back = await api('POST', `/stablecoins/${coin.id}/burns`, burnBody(coin.id, '3000000', { destination: toUsdAccount() }), key())
    expect([back.status, back.body.destination]).toEqual([201, { accountId: usdAccountId }])
    // the tokens are held at once; the USD arrives when the burn completes
    expect(await ledgerBalance(coin.id)).toBe(7_340_000)
    expect(await usdBalance()).toBe(usdBefore - 1234)
    expect((await finalOperation(back.body.id)).status).toBe('COMPLETED')
    expect(await ledgerBalance(coin.id)).toBe(7_340_000)
    expect(await usdBalance()).toBe(usdBefore - 1234 + 300)

    const list = await api('GET', `/stablecoins/${coin.id}/operations?limit=2`)
    expect(list.body.data.map((o: { id: string }) => o.id)).toEqual([back.body.id, burn.body.id])
    expect([list.body.hasMore, list.body.totalCount]).toEqual([true, 3])
    const next = await api('GET', `/stablecoins/${coin.id}/operations?limit=2&cursor=${list.body.nextCursor}`)
    expect([next.body.data.map((o: { id: string }) => o.id), next.body.hasMore]).toEqual([[mint.body.id], false])
    const mints = await api('GET', `/stablecoins/${coin.id}/operations?operationType=MINT`)
    expect(mints.body.data.map((o: { id: string }) => o.id)).toEqual([mint.body.id])
  })

  it('the provider refusing, unreachable, or failing later moves no money', async () => {
    const coin = await enabledStablecoin()
    const usdBefore = await usdBalance()
    await expectCode(await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '910000'), key()), 400, 'STABLECOIN_PROVIDER_ERROR')
    await expectCode(await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '920000'), key()), 503, 'SERVICE_UNAVAILABLE')
    const failing = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '930000'), key())
    expect(failing.status).toBe(201)
    const failed = await finalOperation(failing.body.id)
    expect([failed.status, failed.failureReason]).toEqual(['FAILED', expect.any(String)])
    expect(await usdBalance()).toBe(usdBefore)
    expect(await ledgerBalance(coin.id)).toBe(0)
  })

  it('refuses amounts, sources and destinations it cannot take', async () => {
    const coin = await enabledStablecoin()
    const mint = (body: unknown) => api('POST', `/stablecoins/${coin.id}/mints`, body, key())
    const burn = (body: unknown) => api('POST', `/stablecoins/${coin.id}/burns`, body, key())
    await expectCode(await mint(mintBody(coin.id, '1234567')), 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    await expectCode(await mint(mintBody(coin.id, '99999999999999999999')), 400, 'STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    await expectCode(await mint(mintBody(coin.id, '0')), 400, 'INVALID_INPUT')
    await expectCode(await mint(mintBody(coin.id, '1000000000000000')), 400, 'INSUFFICIENT_FUNDS')
    await expectCode(await mint(mintBody(coin.id, '1000000', { type: 'WIRE' })), 400, 'STABLECOIN_OPERATION_NOT_SUPPORTED')
    await expectCode(await mint(mintBody(coin.id, '1000000', { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'usdc', cryptoNetwork: 'SPARK' })), 400, 'STABLECOIN_PROVIDER_SOURCE_NOT_LINKED')
    await expectCode(await mint({ ...mintBody(coin.id, '1000000'), destination: { accountId: usdAccountId } }), 404, 'ACCOUNT_NOT_FOUND')
    const noKey = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '1000000'))
    expect(noKey.status).toBe(400)

    await expectCode(await burn(burnBody(coin.id, '1000000')), 400, 'INSUFFICIENT_FUNDS')
    await expectCode(await burn(burnBody(coin.id, '1000000', { source: { type: 'EXTERNAL_ACCOUNT' } })), 400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED')
    await expectCode(await burn(burnBody(coin.id, '1000000', { source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usdAccountId } })), 400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED')
    await expectCode(await burn(burnBody(coin.id, '1000000', { source: { type: 'PROVIDER_INTERNAL_BALANCE' } })), 400, 'STABLECOIN_PROVIDER_SOURCE_NOT_LINKED')
    await expectCode(await burn(burnBody(coin.id, '1000000', { externalAccountId: 'ExternalAccount:none' })), 404, 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_FOUND')
    await expectCode(await burn(burnBody(coin.id, '1000000', { destination: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: 'InternalAccount:none' } })), 404, 'ACCOUNT_NOT_FOUND')
  })

  it('a payout account the provider cannot link refuses the burn with its reason', async () => {
    const coin = await enabledStablecoin()
    expect((await finalOperation((await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '5000000'), key())).body.id)).status).toBe('COMPLETED')
    const cases: Array<[string, string]> = [
      ['0091', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED'],
      ['0092', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED'],
      ['0093', 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED'],
      ['0094', 'STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED'],
      ['0095', 'STABLECOIN_VERIFICATION_FAILED'],
      ['0096', 'STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED'],
    ]
    for (const [last4, code] of cases) {
      const externalAccountId = await platformBankAccount(last4)
      await expectCode(await api('POST', `/stablecoins/${coin.id}/burns`, burnBody(coin.id, '1000000', { externalAccountId }), key()), 400, code)
    }
    const euro = await api('POST', '/platform/external-accounts', {
      currency: 'EUR',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'DE' } },
    })
    expect(euro.status, JSON.stringify(euro.body)).toBe(201)
    await expectCode(await api('POST', `/stablecoins/${coin.id}/burns`, burnBody(coin.id, '1000000', { externalAccountId: euro.body.id }), key()), 400, 'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED')
    expect(await ledgerBalance(coin.id)).toBe(5_000_000)
  })

  it('concurrent mints and burns keep the supply equal to completed mints less completed burns, to the unit', async () => {
    const coin = await enabledStablecoin()
    const usdBefore = await usdBalance()
    const seed = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '30000000'), key())
    expect((await finalOperation(seed.body.id)).status).toBe('COMPLETED')
    // whole cents that pick no sandbox outcome (91, 92, 93)
    const amount = (i: number) => String((1_000 + ((i * 37) % 50)) * 10_000)
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 2
          ? api('POST', `/stablecoins/${coin.id}/burns`, burnBody(coin.id, amount(i), { destination: toUsdAccount() }), key())
          : api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, amount(i)), key()),
      ),
    )
    // a burn may find the holding account short while the mints are still with the provider
    for (const answer of answers) {
      if (answer.status !== 201) await expectCode(answer, 400, 'INSUFFICIENT_FUNDS')
    }
    const accepted = answers.filter((a) => a.status === 201)
    expect(accepted.length).toBeGreaterThanOrEqual(16)
    await Promise.all(accepted.map((a) => finalOperation(a.body.id)))
    const operations = (await api('GET', `/stablecoins/${coin.id}/operations?limit=100`)).body.data as Array<{ operationType: string; status: string; amount: string }>
    expect(operations.every((o) => o.status === 'COMPLETED')).toBe(true)
    const completed = (type: string) => operations.filter((o) => o.operationType === type).reduce((sum, o) => sum + BigInt(o.amount), 0n)
    expect(BigInt(await ledgerBalance(coin.id))).toBe(completed('MINT') - completed('BURN'))
    expect(BigInt(await usdBalance())).toBe(BigInt(usdBefore) - (completed('MINT') - completed('BURN')) / 10_000n)
  })
})

describe('tenant isolation', () => {
  it("another platform's ids do not exist for it", async () => {
    const coin = await enabledStablecoin()
    const minted = await api('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '1000000'), key())
    await expectCode(await stranger('GET', `/stablecoins/${coin.id}`), 404, 'STABLECOIN_NOT_FOUND')
    await expectCode(await stranger('GET', `/stablecoins/${coin.id}/operations`), 404, 'STABLECOIN_NOT_FOUND')
    await expectCode(await stranger('POST', `/stablecoins/${coin.id}/request-service-enablement`), 404, 'STABLECOIN_NOT_FOUND')
    await expectCode(await stranger('POST', `/stablecoins/${coin.id}/mints`, mintBody(coin.id, '1000000'), key()), 404, 'STABLECOIN_NOT_FOUND')
    await expectCode(await stranger('GET', `/stablecoin-operations/${minted.body.id}`), 404, 'STABLECOIN_OPERATION_NOT_FOUND')
    await expectCode(await stranger('GET', `/stablecoin-provider-accounts/${linkId}`), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')
    await expectCode(await stranger('POST', '/stablecoins', { providerTokenIdentifier: unique('X'), networkTokenIdentifier: 'spark1x', network: 'SPARK', stablecoinProviderAccountId: linkId }, key()), 404, 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND')
    expect((await stranger('GET', '/stablecoins')).body).toEqual({ data: [], hasMore: false, totalCount: 0 })
  })
})
