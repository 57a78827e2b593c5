import { describe, expect, it } from 'vitest'
import { collectionFor, creditorReference, hasCollectionAccount, sepaCollectionKey } from './collection-accounts.js'

const COLLECTION = {
  ach: { routingNumber: '021000021', bankName: 'First Collection Bank', accountNumberPrefix: '8300' },
  sepa: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
}

describe('collection accounts', () => {
  it('gives each production USD account its own virtual account number under the bank routing number', () => {
    const first = collectionFor(COLLECTION, 'USD', 1n, false)!
    expect(first.instructions.accountOrWalletInfo).toEqual({
      accountType: 'USD_ACCOUNT',
      paymentRails: ['ACH'],
      accountNumber: '83000000000001',
      routingNumber: '021000021',
      bankName: 'First Collection Bank',
      reference: 'RF74000000000001',
    })
    expect(first.key).toBe('ACH:83000000000001')
    expect(collectionFor(COLLECTION, 'USD', 2n, false)!.key).toBe('ACH:83000000000002')
  })

  it('gives each production EUR account an ISO 11649 creditor reference on the collection IBAN', () => {
    const eur = collectionFor(COLLECTION, 'EUR', 42n, true)!
    expect(eur.instructions).toMatchObject({ isPlatformAccount: true, accountOrWalletInfo: { iban: 'DE89370400440532013000', reference: 'RF34000000000042' } })
    expect(eur.key).toBe('SEPA:RF34000000000042')
    // a payer may type the reference in groups of four, in either case
    expect(sepaCollectionKey('rf34 0000 0000 0042')).toBe(eur.key)
  })

  it('computes ISO 11649 check digits (the standard example RF18 5390 0754 7034)', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034')
  })

  it('has nothing for a currency or rail the deployment has not configured', () => {
    expect(hasCollectionAccount({}, 'USD')).toBe(false)
    expect(hasCollectionAccount({ sepa: COLLECTION.sepa }, 'USD')).toBe(false)
    expect(hasCollectionAccount(COLLECTION, 'GBP')).toBe(false)
    expect(collectionFor(COLLECTION, 'MXN', 1n, false)).toBeUndefined()
  })
})
