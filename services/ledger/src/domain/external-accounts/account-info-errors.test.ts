import { describe, expect, it } from 'vitest'
import { ACCOUNT_EXAMPLES, PERSON } from '../../../test/external-accounts-examples.js'
import { accountInfoErrors } from './account-info-errors.js'
import { ACCOUNT_TYPE_NAMES } from './account-types.js'
import type { AccountInfoInput } from './types.js'

const withInfo = (type: keyof typeof ACCOUNT_EXAMPLES, changes: Partial<AccountInfoInput>): AccountInfoInput => ({
  ...ACCOUNT_EXAMPLES[type].accountInfo,
  ...changes,
})
const fieldsOf = (info: AccountInfoInput) => accountInfoErrors(info).map((e) => e.field)

describe('accountInfoErrors', () => {
  it.each(ACCOUNT_TYPE_NAMES)('accepts the example %s', (type) => {
    expect(accountInfoErrors(ACCOUNT_EXAMPLES[type].accountInfo)).toEqual([])
  })

  it('names an unknown or missing account type with the allowed values', () => {
    expect(accountInfoErrors({ accountType: 'CHEQUE' })).toEqual([
      expect.objectContaining({ field: 'accountInfo.accountType', constraint: { enum: ACCOUNT_TYPE_NAMES } }),
    ])
    expect(fieldsOf({ accountType: '' })).toEqual(['accountInfo.accountType'])
  })

  it('reports every missing required field, a field of another type and a bad checksum together', () => {
    const errors = accountInfoErrors({ accountType: 'USD_ACCOUNT', routingNumber: '123456789', iban: 'DE89370400440532013000', beneficiary: PERSON })
    expect(errors).toEqual([
      { field: 'accountInfo.accountNumber', message: 'is required' },
      { field: 'accountInfo.routingNumber', message: 'not a valid ABA routing number (checksum)' },
      { field: 'accountInfo.iban', message: 'is not a field of USD_ACCOUNT' },
    ])
  })

  // the gateway's schema and these rules come from one declaration; both once differed on these
  it('takes what the published schema takes: a 12-digit Indonesian e-wallet number and a BOLT 11 invoice over 255 characters', () => {
    expect(accountInfoErrors(withInfo('IDR_ACCOUNT', { phoneNumber: '+62812345678901' }))).toEqual([])
    const invoice =
      'lnbc15u1p3xnhl2pp5jptserfk3zk4qy42tlucycrfwxhydvlemu9pqr93tuzlv9cc7g3sdqsvfhkcap3xyhx7un8cqzpgxqzjcsp5f8c52y2stc300gl6s4' +
      'xswtjpc37hrnnr3c9wvtgjfuvqmpm35evq9qyyssqy4lgd8tj637qcjp05rdpxxykjenthxftej7a2zzmwrmrl70fyj9hvj0rewhzj7jfyuwkwcg9g2jpwtk' +
      '3wkjtwnkdks84hsnu8xps5vsq4gj5hs'
    expect(accountInfoErrors({ accountType: 'LIGHTNING', invoice })).toEqual([])
  })

  it('gives the constraint of a shape error', () => {
    expect(accountInfoErrors(withInfo('GBP_ACCOUNT', { sortCode: '60-16-13' }))).toEqual([
      expect.objectContaining({ field: 'accountInfo.sortCode', constraint: { maxLength: 6 } }),
    ])
    expect(accountInfoErrors(withInfo('MXN_ACCOUNT', { clabeNumber: '03218000011835971X' }))).toEqual([
      expect.objectContaining({ field: 'accountInfo.clabeNumber', constraint: { pattern: '^[0-9]{18}$' } }),
    ])
    expect(accountInfoErrors(withInfo('USD_ACCOUNT', { bankAccountType: 'BROKERAGE' }))).toEqual([
      expect.objectContaining({ field: 'accountInfo.bankAccountType', constraint: { enum: ['CHECKING', 'SAVINGS'] } }),
    ])
  })

  it.each([
    ['EUR_ACCOUNT', { iban: 'DE89370400440532013001' }, 'accountInfo.iban'],
    ['MXN_ACCOUNT', { clabeNumber: '032180000118359718' }, 'accountInfo.clabeNumber'],
    ['BRL_ACCOUNT', { taxId: '52998224726' }, 'accountInfo.taxId'],
    ['BRL_ACCOUNT', { pixKeyType: 'CPF' }, 'accountInfo.pixKey'],
    ['ETHEREUM_WALLET', { address: '0xAbCDEF1234567890aBCdEf1234567890ABcDef12' }, 'accountInfo.address'],
    ['SPARK_WALLET', { address: 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu' }, 'accountInfo.address'],
    ['SOLANA_WALLET', { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 'accountInfo.address'],
    ['TRON_WALLET', { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' }, 'accountInfo.address'],
    ['USD_ACCOUNT', { intermediaryRoutingNumber: '021000022' }, 'accountInfo.intermediaryRoutingNumber'],
    ['KES_ACCOUNT', { phoneNumber: '+255712345678' }, 'accountInfo.phoneNumber'],
  ] as const)('rejects an invalid %s %o', (type, changes, field) => {
    expect(fieldsOf(withInfo(type, changes))).toEqual([field])
  })

  it('needs one complete identifier alternative, and exactly one Lightning destination', () => {
    const bdt = { accountType: 'BDT_ACCOUNT', bankName: 'Sonali Bank', beneficiary: PERSON }
    expect(accountInfoErrors(bdt)).toEqual([{ field: 'accountInfo.accountNumber', message: 'BDT_ACCOUNT needs accountNumber, or phoneNumber' }])
    expect(accountInfoErrors({ ...bdt, phoneNumber: '+8801712345678' })).toEqual([])
    expect(fieldsOf(withInfo('LIGHTNING', { invoice: undefined, lightningAddress: undefined }))).toEqual(['accountInfo.invoice'])
    const both = withInfo('LIGHTNING', { bolt12: 'lno1pg257enxv4ezqcneype82um50ynhxgrwdajx283qfwdpl28qqmc78ymlvhmxcsywdk5wrjnj36jryg488qwlrnzyjczs' })
    expect(fieldsOf(both)).toEqual(['accountInfo.lightningAddress'])
  })

  describe('beneficiary', () => {
    it('is required for bank accounts and optional for wallets', () => {
      expect(fieldsOf(withInfo('USD_ACCOUNT', { beneficiary: undefined }))).toEqual(['accountInfo.beneficiary'])
      expect(accountInfoErrors(withInfo('ETHEREUM_WALLET', { beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jo', countryOfResidence: 'FR' } }))).toEqual([])
      expect(fieldsOf(withInfo('LIGHTNING', { beneficiary: PERSON }))).toEqual(['accountInfo.beneficiary'])
    })

    it('applies the corridor’s extra requirements and the business shape', () => {
      expect(fieldsOf(withInfo('EUR_ACCOUNT', { beneficiary: PERSON }))).toEqual(['accountInfo.beneficiary.countryOfResidence'])
      expect(fieldsOf(withInfo('AED_ACCOUNT', { beneficiary: PERSON }))).toEqual(['accountInfo.beneficiary.address'])
      expect(accountInfoErrors(withInfo('USD_ACCOUNT', { beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Acme Inc.', taxId: '47-1234567' } }))).toEqual([])
      expect(accountInfoErrors(withInfo('USD_ACCOUNT', { beneficiary: { beneficiaryType: 'BUSINESS', fullName: 'Acme' } }))).toEqual([
        { field: 'accountInfo.beneficiary.fullName', message: 'is not a field of a BUSINESS beneficiary of USD_ACCOUNT' },
        { field: 'accountInfo.beneficiary.legalName', message: 'is required' },
      ])
    })

    it('checks the fields and the address', () => {
      const beneficiary = { ...PERSON, birthDate: '1990-02-30', nationality: 'usa', address: { line1: '1 Main St', country: 'US' } }
      expect(fieldsOf(withInfo('USD_ACCOUNT', { beneficiary }))).toEqual([
        'accountInfo.beneficiary.birthDate',
        'accountInfo.beneficiary.nationality',
        'accountInfo.beneficiary.address.postalCode',
      ])
      expect(fieldsOf(withInfo('USD_ACCOUNT', { beneficiary: { fullName: 'x' } }))).toEqual(['accountInfo.beneficiary.beneficiaryType'])
    })
  })
})
