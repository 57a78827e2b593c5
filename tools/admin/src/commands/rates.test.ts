import { describe, expect, it } from 'vitest'
import { UsageError } from '../args.js'
import { rateSettingOf } from './rates.js'

const now = new Date('2026-12-01T12:00:00Z')

describe('rates set: the command line', () => {
  it('reads the pair, the rate as written, the spread and a period lasting --valid-for from now', () => {
    expect(rateSettingOf(['usd', 'EUR', '0.9215', '--spread-bps', '50', '--valid-for', '24h'], now)).toEqual({
      sourceCurrency: 'USD',
      destinationCurrency: 'EUR',
      midRate: '0.9215',
      spreadBps: 50,
      validFrom: undefined,
      validUntil: new Date('2026-12-02T12:00:00Z'),
    })
  })

  it('takes --until, or a period from --from, and no spread as 0', () => {
    expect(rateSettingOf(['EUR', 'GBP', '0.85', '--until', '2026-12-24T18:00:00Z'], now)).toMatchObject({ spreadBps: 0, validUntil: new Date('2026-12-24T18:00:00Z') })
    expect(rateSettingOf(['EUR', 'GBP', '0.85', '--from', '2026-12-02T00:00:00Z', '--valid-for', '7d'], now)).toMatchObject({
      validFrom: new Date('2026-12-02T00:00:00Z'),
      validUntil: new Date('2026-12-09T00:00:00Z'),
    })
  })

  it('refuses what it cannot read as a usage error saying what', () => {
    const refused = (args: string[], message: RegExp) => expect(() => rateSettingOf(args, now)).toThrow(expect.objectContaining({ constructor: UsageError, message: expect.stringMatching(message) }))
    refused(['USD', 'EUR', '0.92'], /one of --valid-for .* or --until/)
    refused(['USD', 'EUR', '0.92', '--valid-for', '24h', '--until', '2026-12-24T00:00:00Z'], /one of --valid-for/)
    refused(['USD', 'EUR', '9.2e-1', '--valid-for', '24h'], /the rate must be a decimal/)
    refused(['US', 'EUR', '0.92', '--valid-for', '24h'], /FROM must be a currency code/)
    refused(['USD', 'EUR', '0.92', '--spread-bps', '0.5', '--valid-for', '24h'], /--spread-bps must be a whole number/)
    refused(['USD', 'EUR', '0.92', '--valid-for', '1 day'], /--valid-for must be a duration/)
    refused(['USD', 'EUR', '0.92', '--until', 'tomorrow'], /--until must be an ISO time/)
    refused(['USD', 'EUR', '--valid-for', '24h'], /expected 3 arguments/)
  })
})
