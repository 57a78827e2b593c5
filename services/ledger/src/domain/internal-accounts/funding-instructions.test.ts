import { describe, expect, it } from 'vitest'
import { abaCheckDigit, clabeCheckDigit, fundingInstructionsFor, germanIban } from './funding-instructions.js'

const account = { id: 'InternalAccount:0199a000-0000-7000-8000-000000000001', customerId: 'Customer:1', type: 'INTERNAL_FIAT' as const }

describe('funding instructions', () => {
  it('gives a USD account ACH/wire coordinates with a valid routing number, stable per account', () => {
    const [usd] = fundingInstructionsFor({ ...account, currency: 'USD' }, 'SANDBOX')
    expect(usd).toMatchObject({ isPlatformAccount: false, accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] } })
    expect(usd!.accountOrWalletInfo.routingNumber).toMatch(/^[0-9]{9}$/)
    expect(fundingInstructionsFor({ ...account, currency: 'USD' }, 'SANDBOX')).toEqual([usd])
    expect(fundingInstructionsFor({ ...account, id: 'InternalAccount:other', currency: 'USD' }, 'SANDBOX')[0]!.accountOrWalletInfo.accountNumber).not.toBe(
      usd!.accountOrWalletInfo.accountNumber,
    )
  })

  it('gives EUR an IBAN, MXN a CLABE and crypto a wallet address; platform accounts say so', () => {
    const iban = fundingInstructionsFor({ ...account, currency: 'EUR' }, 'SANDBOX')[0]!.accountOrWalletInfo.iban!
    expect(iban).toMatch(/^DE[0-9]{20}$/)
    const clabe = fundingInstructionsFor({ ...account, currency: 'MXN' }, 'SANDBOX')[0]!.accountOrWalletInfo.clabeNumber!
    expect(clabe).toMatch(/^[0-9]{18}$/)
    const [wallet] = fundingInstructionsFor({ ...account, customerId: null, type: 'INTERNAL_CRYPTO', currency: 'USDB' }, 'SANDBOX')
    expect(wallet).toEqual({ isPlatformAccount: true, accountOrWalletInfo: { accountType: 'SPARK_WALLET', address: expect.stringMatching(/^sparkrt1/), assetType: 'USDB' } })
  })

  it('invents no coordinates in production or for currencies without a rail', () => {
    expect(fundingInstructionsFor({ ...account, currency: 'USD' }, 'PRODUCTION')).toEqual([])
    expect(fundingInstructionsFor({ ...account, currency: 'JPY' }, 'SANDBOX')).toEqual([])
  })

  it('computes the check digits of known numbers', () => {
    expect(abaCheckDigit('02100002')).toBe(1) // 021000021
    expect(clabeCheckDigit('03218000011835971')).toBe(9) // 032180000118359719
    expect(germanIban('370400440532013000')).toBe('DE89370400440532013000')
  })
})
