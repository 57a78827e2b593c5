import { isId } from '@pp/ids'
import { describe, expect, it } from 'vitest'
import { amountsOf, operationIdFor } from './amounts.js'

const usdx = (decimals: number) => ({ decimals, baseCurrency: 'USD' })
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run()
  } catch (err) {
    return (err as { code?: string }).code
  }
  return undefined
}

describe('amountsOf', () => {
  it('converts a token amount to whole cents at the token decimals', () => {
    expect(amountsOf('12340000', usdx(6))).toEqual({ amount: 12_340_000n, fiatAmount: 1234n })
    expect(amountsOf('1234', usdx(2))).toEqual({ amount: 1234n, fiatAmount: 1234n })
    expect(amountsOf('12', usdx(0))).toEqual({ amount: 12n, fiatAmount: 1200n })
  })

  it('refuses what is finer than a cent, zero, or beyond a 64-bit amount', () => {
    expect(codeOf(() => amountsOf('1234567', usdx(6)))).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    expect(codeOf(() => amountsOf('9999', usdx(6)))).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    expect(codeOf(() => amountsOf('9223372036854775808', usdx(2)))).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    expect(codeOf(() => amountsOf('922337203685477581', usdx(0)))).toBe('STABLECOIN_AMOUNT_NOT_REPRESENTABLE')
    expect(codeOf(() => amountsOf('0', usdx(6)))).toBe('INVALID_INPUT')
    expect(codeOf(() => amountsOf('1e6', usdx(6)))).toBe('INVALID_INPUT')
  })
})

describe('operationIdFor', () => {
  it("follows from the tenant's key alone, as an operation id", () => {
    const tenant = { platformId: 'Platform:a', environment: 'SANDBOX' as const }
    const id = operationIdFor(tenant, 'key-1')
    expect(isId('StablecoinOperation', id)).toBe(true)
    expect(operationIdFor(tenant, 'key-1')).toBe(id)
    expect(operationIdFor(tenant, 'key-2')).not.toBe(id)
    expect(operationIdFor({ ...tenant, environment: 'PRODUCTION' }, 'key-1')).not.toBe(id)
  })
})
