import { describe, expect, it } from 'vitest'
import { sandboxIssuer } from './sandbox-issuer.js'
import { unconfiguredIssuer } from './unconfigured-issuer.js'

const operation = (cents: bigint) => ({ operationId: 'op', providerAccountId: 'acct', providerTokenIdentifier: 'usdx', operationType: 'MINT' as const, fiatAmount: cents })

describe('the sandbox issuer', () => {
  it('reads a token from its identifier: symbol, decimals and issuance flags', async () => {
    expect(await sandboxIssuer.findToken({ providerAccountId: 'a', providerTokenIdentifier: 'usdx' })).toMatchObject({ symbol: 'USDX', decimals: 6, issuanceStatus: 'PROVISIONED' })
    expect(await sandboxIssuer.findToken({ providerAccountId: 'a', providerTokenIdentifier: 'eurx-d2-review' })).toMatchObject({ symbol: 'EURX', decimals: 2, issuanceStatus: 'PENDING_REVIEW' })
    await expect(sandboxIssuer.findToken({ providerAccountId: 'a', providerTokenIdentifier: 'x' })).rejects.toMatchObject({ code: 'STABLECOIN_PROVIDER_ERROR' })
  })

  it('picks operation outcomes by the cents of the base-currency amount', async () => {
    await expect(sandboxIssuer.submitOperation(operation(191n))).rejects.toMatchObject({ code: 'STABLECOIN_PROVIDER_ERROR' })
    await expect(sandboxIssuer.submitOperation(operation(192n))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    await expect(sandboxIssuer.submitOperation(operation(193n))).resolves.toBeUndefined()
    expect((await sandboxIssuer.operationOutcome(operation(193n))).status).toBe('FAILED')
    expect((await sandboxIssuer.operationOutcome(operation(100n))).status).toBe('COMPLETED')
  })

  it('keeps what the provider says of credentials', async () => {
    const verify = (apiClientSecret: string) => sandboxIssuer.verifyCredentials({ apiClientId: 'c', apiClientSecret })
    expect((await verify('s')).status).toBe('ACTIVE')
    expect((await verify('s-invalid')).status).toBe('INVALID')
    expect((await verify('s-revoked')).status).toBe('REVOKED')
  })
})

it('an unconfigured production issuer refuses every call plainly', async () => {
  await expect(unconfiguredIssuer.findToken({ providerAccountId: 'a', providerTokenIdentifier: 'usdx' })).rejects.toMatchObject({
    code: 'NOT_IMPLEMENTED',
    message: 'A production stablecoin issuer is not configured in this deployment',
  })
})
