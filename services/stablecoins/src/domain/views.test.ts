import { ProviderAccountSchema, StablecoinOperationSchema, StablecoinSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import {
  ISSUANCE_STATUSES,
  OPERATIONS_STATUSES,
  PROVIDER_ACCOUNT_STATUSES,
  type OperationRecord,
  type ProviderAccountRecord,
  type StablecoinRecord,
} from './types.js'
import { operationView, providerAccountView, stablecoinView } from './views.js'

const at = new Date('2025-10-13T09:00:00Z')
const tenant = { platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009', environment: 'SANDBOX' } as const
const PROVIDER_ACCOUNT_ID = 'StablecoinProviderAccount:019542f5-b3e7-1d02-0000-000000000040'
const STABLECOIN_ID = 'Stablecoin:019542f5-b3e7-1d02-0000-000000000041'
const PLATFORM_USD_ACCOUNT = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002'

const providerAccount: ProviderAccountRecord = {
  ...tenant,
  id: PROVIDER_ACCOUNT_ID,
  provider: 'BRALE',
  providerAccountId: 'brale-account-1',
  apiClientId: 'client-1',
  status: 'ACTIVE',
  lastVerifiedAt: at,
  createdAt: at,
  updatedAt: at,
}

const stablecoin: StablecoinRecord = {
  ...tenant,
  id: STABLECOIN_ID,
  providerAccountId: PROVIDER_ACCOUNT_ID,
  provider: 'BRALE',
  name: 'USDX Sandbox Dollar',
  symbol: 'USDX',
  baseCurrency: 'USD',
  network: 'SPARK',
  decimals: 6,
  issuanceStatus: 'PROVISIONED',
  operationsStatus: 'ENABLED',
  networkTokenIdentifier: 'spark-usdx',
  providerTokenIdentifier: 'usdx',
  issuanceAccountId: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000042',
  createdAt: at,
  updatedAt: at,
}

const mint: OperationRecord = {
  ...tenant,
  id: 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000043',
  stablecoinId: STABLECOIN_ID,
  operationType: 'MINT',
  status: 'CREATED',
  amount: 1_000_000n,
  fiatAmount: 100n,
  source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: PLATFORM_USD_ACCOUNT },
  destination: { accountId: STABLECOIN_ID },
  legs: [],
  providerStatus: null,
  failureReason: null,
  createdAt: at,
  updatedAt: at,
}
const burn: OperationRecord = { ...mint, operationType: 'BURN', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: STABLECOIN_ID }, destination: { accountId: PLATFORM_USD_ACCOUNT } }

/** The view as it travels (JSON), parsed by its contract: it keeps every field and adds none. */
const expectContract = (schema: { parse: (json: unknown) => unknown }, view: unknown) => {
  const json: unknown = JSON.parse(JSON.stringify(view))
  expect(schema.parse(json)).toEqual(json)
}

describe('the stablecoins views keep to their contracts', () => {
  it.each(PROVIDER_ACCOUNT_STATUSES)('a provider account %s', (status) => {
    expectContract(ProviderAccountSchema.strict(), providerAccountView({ ...providerAccount, status }))
  })

  it('a provider account never verified, in production', () => {
    expectContract(ProviderAccountSchema.strict(), providerAccountView({ ...providerAccount, environment: 'PRODUCTION', lastVerifiedAt: null }))
  })

  it.each(ISSUANCE_STATUSES)('a stablecoin whose issuance is %s', (issuanceStatus) => {
    expectContract(StablecoinSchema.strict(), stablecoinView({ ...stablecoin, issuanceStatus, operationsStatus: 'NOT_ENABLED' }))
  })

  it.each(OPERATIONS_STATUSES)('a stablecoin whose service operations are %s', (operationsStatus) => {
    expectContract(StablecoinSchema.strict(), stablecoinView({ ...stablecoin, operationsStatus }))
  })

  it.each<[string, OperationRecord]>([
    ['a mint just created', mint],
    ['a mint at the provider', { ...mint, status: 'PENDING_PROVIDER' }],
    ['a mint completed', { ...mint, status: 'COMPLETED', providerStatus: 'complete' }],
    ['a mint the provider failed', { ...mint, status: 'FAILED', providerStatus: 'rejected', failureReason: 'Sandbox: the provider failed the operation' }],
    ['a burn to the platform account at the service', { ...burn, status: 'COMPLETED', providerStatus: 'complete' }],
    ["a burn paid out to the platform's bank account", { ...burn, status: 'PENDING_PROVIDER', destination: { accountId: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003', rail: 'ACH_CREDIT' } }],
  ])('%s', (_name, operation) => {
    expectContract(StablecoinOperationSchema.strict(), operationView(operation, stablecoin))
  })
})
