import { describe, expect, it } from 'vitest'
import { loadPaymentsConfig } from '../../../config.js'
import { sepaSettingsOf } from './settings.js'

const BASE = { DATABASE_URL: 'postgresql://payments@127.0.0.1:5432/payments' }
const SEPA = {
  SEPA_SFTP_HOST: 'sftp.bank.example',
  SEPA_SFTP_USER: 'platform',
  SEPA_SFTP_PRIVATE_KEY_FILE: '/etc/sepa/key',
  SEPA_SFTP_HOST_KEY_FINGERPRINT: `SHA256:${'B'.repeat(43)}`,
  SEPA_DEBTOR_NAME: 'Payments Platform SE',
  SEPA_DEBTOR_IBAN: 'FR1420041010050500013M02606',
  SEPA_INITIATING_PARTY_ID: 'PLATFORM01',
}

describe('SEPA settings', () => {
  it('are off without SEPA_SFTP_HOST', () => {
    expect(sepaSettingsOf(loadPaymentsConfig(BASE), () => 'key')).toBeUndefined()
  })

  it('name every required setting missing once SEPA_SFTP_HOST is set', () => {
    expect(() => loadPaymentsConfig({ ...BASE, SEPA_SFTP_HOST: 'sftp.bank.example' })).toThrow(
      /SEPA_SFTP_USER: required when SEPA_SFTP_HOST is set[\s\S]*SEPA_DEBTOR_IBAN: required[\s\S]*SEPA_INITIATING_PARTY_ID: required/,
    )
  })

  it('refuse a debtor IBAN or BIC a bank would refuse', () => {
    expect(() => loadPaymentsConfig({ ...BASE, ...SEPA, SEPA_DEBTOR_IBAN: 'FR1420041010050500013M02607' })).toThrow(/SEPA_DEBTOR_IBAN/)
    expect(() => loadPaymentsConfig({ ...BASE, ...SEPA, SEPA_DEBTOR_BIC: 'BANK' })).toThrow(/SEPA_DEBTOR_BIC/)
  })

  it('build the debtor, the transport and the schedule', () => {
    const settings = sepaSettingsOf(loadPaymentsConfig({ ...BASE, ...SEPA, SEPA_DEBTOR_BIC: 'PSSTFRPPXXX', SEPA_CUTOFF_TIMES: '09:30, 14:00' }), (path) => `key of ${path}`)
    expect(settings).toMatchObject({
      debtor: { name: 'Payments Platform SE', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX', initiatingPartyId: 'PLATFORM01' },
      sftp: { host: 'sftp.bank.example', port: 22, privateKey: 'key of /etc/sepa/key', inboundDir: '/inbound' },
      cutoffTimes: ['09:30', '14:00'],
      executionDays: 0,
    })
    expect(settings!.calendar.isBankingDay(new Date('2026-12-25T00:00:00Z'))).toBe(false)
  })
})
