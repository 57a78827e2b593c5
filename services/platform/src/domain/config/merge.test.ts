import { describe, expect, it } from 'vitest'
import type { FeeConfig } from '../types.js'
import { mergeCardTokenization, mergeEmbeddedWallet, mergeFees } from './merge.js'

const fee = (sourceCurrency: string, variableFeeBps: number, amount: bigint): FeeConfig => ({
  feeType: 'CROSS_CURRENCY_TRANSACTION',
  sourceCurrency,
  variableFeeBps,
  fixedFee: { amount, currency: 'USD' },
})

describe('configuration merge', () => {
  it('keeps stored fields the patch leaves out, even when sent as undefined', () => {
    expect(mergeEmbeddedWallet({ appName: 'A', otpLength: 6 }, { otpLength: 8, logoUrl: undefined })).toEqual({ appName: 'A', otpLength: 8 })
    expect(mergeEmbeddedWallet(undefined, { alphanumeric: false })).toEqual({ alphanumeric: false })
  })

  it('merges the nested email and sms parts of card tokenization', () => {
    const stored = { displayName: 'Acme', email: { fromName: 'Cards', subject: 'Old' }, sms: { templateSid: 'HJ1' } }
    expect(mergeCardTokenization(stored, { email: { subject: 'New' } })).toEqual({
      displayName: 'Acme',
      email: { fromName: 'Cards', subject: 'New' },
      sms: { templateSid: 'HJ1' },
    })
  })

  it('upserts fees by type and source currency and drops a fee set to zero', () => {
    const stored = [fee('USD', 30, 100n), fee('EUR', 10, 0n)]
    expect(mergeFees(stored, [fee('USD', 50, 0n)])).toEqual([fee('USD', 50, 0n), fee('EUR', 10, 0n)])
    expect(mergeFees(stored, [fee('EUR', 0, 0n)])).toEqual([fee('USD', 30, 100n)])
    expect(mergeFees([], [fee('USD', 0, 0n)])).toEqual([])
  })
})
