import { describe, expect, it } from 'vitest'
import { validatePain001, xpath } from '../../../../test/xmllint.js'
import { assertSepaCredit, buildPain001, euros, isIban, type SepaCredit } from './pain001.js'
import { sepaText } from './sepa-text.js'

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09'

const credit = (overrides: Partial<SepaCredit> = {}): SepaCredit => ({
  endToEndId: '0195f0a0c1d27a3b8c9d0e1f2a3b4c5d',
  amount: 12_345n,
  creditorName: 'Zoë Ångström & Søn <GmbH>',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  remittance: 'Invoice №42 – thanks',
  executionDate: '2026-12-01',
  ...overrides,
})

const message = (credits: SepaCredit[]) => ({
  messageId: '0195f0a0c1d27a3b8c9d0e1f2a3b4c00',
  createdAt: new Date('2026-11-30T14:00:05.123Z'),
  debtor: { name: 'Payments Platform SE', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX', initiatingPartyId: 'PLATFORM01' },
  credits,
})

describe('pain.001.001.09 writer', () => {
  it('writes a file the EPC SCT schema accepts, with totals and ids that add up', () => {
    const credits = [
      credit(),
      credit({ endToEndId: '0195f0a0c1d27a3b8c9d0e1f2a3b4c5e', amount: 1n, bic: undefined, creditorName: 'Jean Dupont', remittance: '' }),
      credit({ endToEndId: '0195f0a0c1d27a3b8c9d0e1f2a3b4c5f', amount: 99_999_999_999n, executionDate: '2026-12-02' }),
    ]
    const file = buildPain001(message(credits))
    expect(file.totalCents).toBe(100_000_012_345n)
    expect([...file.paymentInformationIds.values()]).toEqual(['0195f0a0c1d27a3b8c9d0e1f2a3b4c0-001', '0195f0a0c1d27a3b8c9d0e1f2a3b4c0-001', '0195f0a0c1d27a3b8c9d0e1f2a3b4c0-002'])
    expect(validatePain001(file.content)).toBe('')
    const value = (path: string) => xpath(file.content, `string(${path})`)
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/NbOfTxs')).toBe('3')
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/CtrlSum')).toBe('1000000123.45')
    expect(value('/Document/CstmrCdtTrfInitn/GrpHdr/MsgId')).toBe('0195f0a0c1d27a3b8c9d0e1f2a3b4c00')
    // one payment information block per execution date, each with its own count and sum
    expect(xpath(file.content, 'count(/Document/CstmrCdtTrfInitn/PmtInf)')).toBe('2')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[1]/CtrlSum')).toBe('123.46')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[1]/ChrgBr')).toBe('SLEV')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[2]/ReqdExctnDt/Dt')).toBe('2026-12-02')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[2]/PmtInfId')).toBe(file.paymentInformationIds.get(credits[2]!.endToEndId))
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[2]/CdtTrfTxInf/Amt/InstdAmt')).toBe('999999999.99')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[1]/PmtId/EndToEndId')).toBe(credits[0]!.endToEndId)
    // the name in the SEPA Latin set, escaped: nothing of the original markup survives
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[1]/Cdtr/Nm')).toBe('Zoe Angstrom + Son GmbH')
    expect(value('/Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[1]/RmtInf/Ustrd')).toBe('Invoice 42 thanks')
    expect(xpath(file.content, 'count(/Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]/CdtrAgt)')).toBe('0')
    expect(file.content).toContain(`xmlns="${NS}"`)
  })

  it('escapes what the character set keeps but XML does not', () => {
    const file = buildPain001(message([credit({ creditorName: "O'Brien", remittance: 'a < b' })]))
    expect(file.content).toContain('<Nm>O&apos;Brien</Nm>')
    expect(validatePain001(file.content)).toBe('')
  })

  it('refuses a credit the scheme would refuse, saying why', () => {
    expect(() => assertSepaCredit(credit({ iban: 'DE89370400440532013001' }))).toThrow('IBAN')
    expect(() => assertSepaCredit(credit({ amount: 0n }))).toThrow('outside')
    expect(() => assertSepaCredit(credit({ amount: 100_000_000_000n }))).toThrow('outside')
    expect(() => assertSepaCredit(credit({ bic: 'NOTABIC' }))).toThrow('BIC')
    expect(() => assertSepaCredit(credit({ creditorName: '李小龍' }))).toThrow('name')
    expect(() => assertSepaCredit(credit({ endToEndId: 'x'.repeat(36) }))).toThrow('end-to-end')
    expect(() => buildPain001(message([]))).toThrow('at least one')
  })

  it('writes amounts exactly from cents and checks IBANs by their check digits', () => {
    expect(euros(5n)).toBe('0.05')
    expect(euros(100n)).toBe('1.00')
    expect(euros(9_007_199_254_740_993n)).toBe('90071992547409.93')
    expect(isIban('FR1420041010050500013M02606')).toBe(true)
    expect(isIban('GB82WEST12345698765432')).toBe(true)
    expect(isIban('GB82WEST12345698765433')).toBe(false)
    expect(sepaText('  Straße   Nº 5 ', 70)).toBe('Strasse N 5')
  })
})
