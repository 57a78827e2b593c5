import { describe, expect, it } from 'vitest'
import { scenarioSuffix } from '../../domain/rails/payout-rail.js'
import { productionPayoutRail, sandboxPayoutRail, unconfiguredPayoutRail } from './payout-rails.js'

describe('sandbox payout rail', () => {
  const same = (id: string, side: 'SOURCE' | 'DESTINATION' = 'DESTINATION') =>
    sandboxPayoutRail.decide({ counterpartyIdentifier: id, externalSide: side, crossCurrency: false }).outcome
  const cross = (id: string) => sandboxPayoutRail.decide({ counterpartyIdentifier: id, externalSide: 'DESTINATION', crossCurrency: true }).outcome

  it.each([
    ['DE89370400440532013002', 'REJECT_INSUFFICIENT_FUNDS'],
    ['DE89370400440532013003', 'REJECT_ACCOUNT_INVALID'],
    ['DE89370400440532013004', 'REJECT_BY_BANK'],
    ['DE89370400440532013005', 'REJECT_LATE'],
    ['DE89370400440532013006', 'SETTLE'],
    ['DE89370400440532013000', 'SETTLE'],
  ])('same currency %s → %s', (id, outcome) => {
    expect(same(id)).toBe(outcome)
  })

  it('applies the transfer table to a pull source too', () => {
    expect(same('123456789002', 'SOURCE')).toBe('REJECT_INSUFFICIENT_FUNDS')
  })

  it.each([
    ['002', 'EXECUTION_FAILED'],
    ['003', 'SETTLE_LATE'],
    ['004', 'DELIVERY_FAILED'],
    ['005', 'RETURN'],
    ['006', 'USER_CANCELLATION'],
    ['007', 'DELIVERY_AND_REFUND_FAILED'],
    ['008', 'SETTLE'],
  ])('cross currency to an external destination ending %s → %s', (suffix, outcome) => {
    expect(cross(`CLABE0000000000${suffix}`)).toBe(outcome)
  })

  it('reads the username part of identifiers with a domain', () => {
    expect(scenarioSuffix('maria004@example.com')).toBe('004')
    expect(scenarioSuffix('$alice005@uma.example')).toBe('005')
    expect(scenarioSuffix('no-digits@example.com')).toBeUndefined()
    expect(cross('jane005@pix.example')).toBe('RETURN')
  })

  it('settles transfers between internal accounts at once', () => {
    expect(sandboxPayoutRail.decide({ externalSide: 'NONE', crossCurrency: true }).outcome).toBe('SETTLE')
  })

  it('production without a rail refuses payouts through one, naming the corridor and the setting that enables it', () => {
    const usRoute = { counterpartyIdentifier: '1', externalSide: 'DESTINATION', crossCurrency: false, accountType: 'US_ACCOUNT', currency: 'USD' } as const
    expect(() => unconfiguredPayoutRail.decide(usRoute)).toThrow(
      expect.objectContaining({ code: 'NOT_IMPLEMENTED', status: 501, details: { corridor: 'US_ACCOUNT/USD', setting: 'ACH_SFTP_HOST' } }),
    )
    expect(() => unconfiguredPayoutRail.decide({ ...usRoute, accountType: 'EUR_ACCOUNT', currency: 'EUR' })).toThrow(
      expect.objectContaining({ code: 'NOT_IMPLEMENTED', details: { corridor: 'EUR_ACCOUNT/EUR', setting: 'SEPA_SFTP_HOST' } }),
    )
    expect(() => unconfiguredPayoutRail.decide({ ...usRoute, accountType: 'GBP_ACCOUNT', currency: 'GBP' })).toThrow(
      expect.objectContaining({ code: 'NOT_IMPLEMENTED', details: { corridor: 'GBP_ACCOUNT/GBP' } }),
    )
    expect(unconfiguredPayoutRail.decide({ externalSide: 'NONE', crossCurrency: false })).toEqual({ outcome: 'SETTLE' })
  })

  it('production sends payouts to US bank accounts in USD, converted or not, to the ACH rail once it is configured', () => {
    const ach = productionPayoutRail({ achConfigured: true, sepaConfigured: false })
    const usRoute = { counterpartyIdentifier: '1', externalSide: 'DESTINATION', crossCurrency: false, accountType: 'US_ACCOUNT', currency: 'USD' } as const
    expect(ach.decide(usRoute)).toEqual({ outcome: 'AWAIT_BANK', paymentRail: 'ACH' })
    // a pull (ACH debit) and a conversion into USD are not this rail's
    expect(() => ach.decide({ ...usRoute, externalSide: 'SOURCE' })).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    // converted on the way, it pays the receiving amount over the same rail
    expect(ach.decide({ ...usRoute, crossCurrency: true })).toEqual({ outcome: 'AWAIT_BANK', paymentRail: 'ACH' })
  })

  it('production sends payouts to EUR IBAN accounts in EUR, converted or not, to the SEPA rail once it is configured', () => {
    const sepa = productionPayoutRail({ achConfigured: false, sepaConfigured: true })
    const euRoute = { counterpartyIdentifier: 'DE89370400440532013000', externalSide: 'DESTINATION', crossCurrency: false, accountType: 'EUR_ACCOUNT', currency: 'EUR' } as const
    expect(sepa.decide(euRoute)).toEqual({ outcome: 'AWAIT_BANK', paymentRail: 'SEPA' })
    expect(sepa.decide({ ...euRoute, paymentRail: 'SEPA' })).toEqual({ outcome: 'AWAIT_BANK', paymentRail: 'SEPA' })
    // instant payments, pulls and conversions into EUR are not this rail's
    expect(() => sepa.decide({ ...euRoute, paymentRail: 'SEPA_INSTANT' })).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(() => sepa.decide({ ...euRoute, externalSide: 'SOURCE' })).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(sepa.decide({ ...euRoute, crossCurrency: true })).toEqual({ outcome: 'AWAIT_BANK', paymentRail: 'SEPA' })
    expect(() => sepa.decide({ ...euRoute, accountType: 'US_ACCOUNT', currency: 'USD' })).toThrow(expect.objectContaining({ details: expect.objectContaining({ setting: 'ACH_SFTP_HOST' }) }))
  })

  it('production without a rail shows no funding account: never the sandbox test accounts', () => {
    expect(sandboxPayoutRail.fundingInstructions('Quote:1', 'USD')[0]?.accountOrWalletInfo).toMatchObject({ bankName: 'Sandbox Collections Bank' })
    expect(() => unconfiguredPayoutRail.fundingInstructions('Quote:1', 'USD')).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED', status: 501 }))
  })
})
