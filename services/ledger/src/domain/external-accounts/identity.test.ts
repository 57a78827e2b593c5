import { describe, expect, it } from 'vitest'
import { ACCOUNT_EXAMPLES } from '../../../test/external-accounts-examples.js'
import { ACCOUNT_TYPE_NAMES, type AccountType } from './account-types.js'
import { identityOf, scenarioSuffix } from './identity.js'
import type { AccountInfoInput } from './types.js'

const info = (type: AccountType, changes: Partial<AccountInfoInput> = {}) =>
  ({ ...ACCOUNT_EXAMPLES[type].accountInfo, ...changes }) as AccountInfoInput & { accountType: AccountType }

describe('identityOf', () => {
  it.each(ACCOUNT_TYPE_NAMES)('gives the example %s an identity', (type) => {
    expect(identityOf(info(type)).key).toMatch(/^[A-Z_]+:.+/)
  })

  it('treats an IBAN the same whatever its case or account type', () => {
    const eur = identityOf(info('EUR_ACCOUNT', { iban: 'de89370400440532013000' }))
    const swift = identityOf(info('SWIFT_ACCOUNT', { iban: 'DE89370400440532013000', accountNumber: undefined }))
    expect(eur.key).toBe('IBAN:DE89370400440532013000')
    expect(swift.key).toBe(eur.key)
  })

  it('joins routing and account number, and shares them between US_ACCOUNT and USD_ACCOUNT', () => {
    const usd = identityOf(info('USD_ACCOUNT'))
    expect(usd).toEqual({ key: 'US_BANK:021000021/123456789012', primaryIdentifier: '123456789012' })
    const us = identityOf(info('US_ACCOUNT', { routingNumber: '021000021', accountNumber: '123456789012' }))
    expect(us.key).toBe(usd.key)
  })

  it('compares EVM addresses without case, per chain', () => {
    const address = ACCOUNT_EXAMPLES.ETHEREUM_WALLET.accountInfo.address!
    expect(identityOf(info('ETHEREUM_WALLET', { address: address.toLowerCase() })).key).toBe(identityOf(info('ETHEREUM_WALLET')).key)
    expect(identityOf(info('BASE_WALLET', { address })).key).not.toBe(identityOf(info('ETHEREUM_WALLET')).key)
  })

  it('uses the identifier actually sent by a bank-or-mobile account', () => {
    expect(identityOf(info('PKR_ACCOUNT')).primaryIdentifier).toBe('PK36SCBL0000001123456702')
    expect(identityOf(info('CNY_ACCOUNT')).key).toBe('CNY_ACCOUNT:alipay/+8613812345678')
  })
})

describe('scenarioSuffix', () => {
  it.each([
    ['123456789105', '105'],
    ['DE89370400440532013002', '002'],
    ['maria.silva102@example.com', '102'],
    ['+5511987654104', '104'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', undefined],
    ['maria@example105.com', undefined],
    ['12', undefined],
  ])('%s → %s', (identifier, suffix) => {
    expect(scenarioSuffix(identifier)).toBe(suffix)
  })
})
