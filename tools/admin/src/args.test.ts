import { describe, expect, it } from 'vitest'
import { meshServices, operatorAddressVariable } from '../../../scripts/mesh/services.js'
import { durationSeconds, environmentOption, parseCommandArgs, UsageError } from './args.js'
import { ADDRESS_DEFAULTS, addressOf } from './config.js'

describe('durationSeconds', () => {
  it('reads seconds, minutes, hours and days, and bare seconds', () => {
    expect(durationSeconds('90s', 'overlap')).toBe(90)
    expect(durationSeconds('30m', 'overlap')).toBe(1_800)
    expect(durationSeconds('24h', 'overlap')).toBe(86_400)
    expect(durationSeconds('7d', 'overlap')).toBe(604_800)
    expect(durationSeconds('0', 'overlap')).toBe(0)
  })

  it('refuses anything else as a usage error naming the option', () => {
    for (const value of ['', '1.5h', '-1h', '3w', 'h']) expect(() => durationSeconds(value, 'overlap')).toThrow(/--overlap must be a duration/)
  })
})

describe('parseCommandArgs', () => {
  it('turns unknown options, missing values and a wrong number of arguments into usage errors', () => {
    expect(() => parseCommandArgs(['--nope'], { name: { type: 'string' } })).toThrow(UsageError)
    expect(() => parseCommandArgs(['--name'], { name: { type: 'string' } })).toThrow(UsageError)
    expect(() => parseCommandArgs(['a'], {}, 2)).toThrow('expected 2 arguments, got 1')
    expect(parseCommandArgs(['a', '--name', 'n', 'b'], { name: { type: 'string' } }, 2)).toEqual({ values: { name: 'n' }, positionals: ['a', 'b'] })
  })
})

describe('environmentOption', () => {
  it('takes either environment in any case, and nothing else', () => {
    expect(environmentOption('production')).toBe('PRODUCTION')
    expect(() => environmentOption(undefined)).toThrow('--environment must be SANDBOX or PRODUCTION')
    expect(() => environmentOption('staging')).toThrow(UsageError)
  })
})

describe('addresses', () => {
  it("default to the operator ports pnpm start gives the services, and follow the mesh's variables", () => {
    for (const [variable, address] of Object.entries(ADDRESS_DEFAULTS)) {
      const service = meshServices.find((s) => operatorAddressVariable(s) === variable)
      expect(address).toBe(`127.0.0.1:${service?.operatorPort}`)
    }
    expect(addressOf({ LEDGER_OPERATOR_GRPC_ADDRESS: 'dns:///ledger:51053' }, 'LEDGER_OPERATOR_GRPC_ADDRESS')).toBe('dns:///ledger:51053')
  })
})
