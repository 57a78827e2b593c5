import { beforeEach, describe, expect, it } from 'vitest'
import { estimateWithdrawalFee, type WithdrawalFeeRequest } from './estimate-withdrawal-fee.js'
import { SANDBOX_CALLER, testCatalogDeps } from '../../../test/catalog-deps.js'

const USDC_ACCOUNT = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000001'
const SOLANA_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const request = (overrides: Partial<WithdrawalFeeRequest> = {}): WithdrawalFeeRequest => ({
  internalAccountId: USDC_ACCOUNT,
  currency: 'USDC',
  cryptoNetwork: 'SOLANA',
  amount: 1_000_000n,
  destinationAddress: SOLANA_ADDRESS,
  ...overrides,
})

describe('estimateWithdrawalFee', () => {
  let setup: ReturnType<typeof testCatalogDeps>
  beforeEach(() => {
    setup = testCatalogDeps()
    setup.ledger.internal.set(USDC_ACCOUNT, { id: USDC_ACCOUNT, currency: 'USDC' })
  })

  it("answers the network's fee in its own asset and the total in the withdrawn one", async () => {
    expect(await estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, request())).toEqual({
      networkFee: 5_000n,
      networkFeeAsset: 'SOL',
      applicationFee: 0n,
      totalFee: 750n,
      netAmount: 999_250n,
    })
    const onEthereum = request({ cryptoNetwork: 'ETHEREUM', amount: 10_000_000n, destinationAddress: `0x${'ab'.repeat(20)}` })
    expect(await estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, onEthereum)).toMatchObject({ networkFeeAsset: 'ETH', totalFee: 3_900_000n, netAmount: 6_100_000n })
  })

  it('404s an account the tenant does not have', async () => {
    const other = request({ internalAccountId: 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002' })
    await expect(estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, other)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
  })

  it.each([
    ['the account holds another currency', request({ currency: 'USDT' }), 'currency'],
    ['the network does not carry the asset', request({ cryptoNetwork: 'BITCOIN', destinationAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }), 'cryptoNetwork'],
  ])('answers INVALID_CURRENCY when %s', async (_case, input, field) => {
    await expect(estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, input)).rejects.toMatchObject({ code: 'INVALID_CURRENCY', details: { field } })
  })

  it('answers INVALID_AMOUNT when the fee takes everything', async () => {
    await expect(estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, request({ amount: 750n }))).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
      details: { field: 'amount', totalFee: '750' },
    })
  })

  it('lists every malformed field at once before asking the ledger', async () => {
    const bad = request({ internalAccountId: 'InternalAccount:unknown', cryptoNetwork: 'DOGE', amount: 0n })
    await expect(estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, bad)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [expect.objectContaining({ field: 'cryptoNetwork' }), expect.objectContaining({ field: 'amount' })] },
    })
    const wrongAddress = request({ destinationAddress: '0x1234' })
    await expect(estimateWithdrawalFee(setup.deps, SANDBOX_CALLER, wrongAddress)).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'destinationAddress', message: 'not a SOLANA address' })] },
    })
  })
})
