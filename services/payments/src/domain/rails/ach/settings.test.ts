import { describe, expect, it } from 'vitest'
import { loadPaymentsConfig } from '../../../config.js'
import { achSettingsOf } from './settings.js'

const BASE = { DATABASE_URL: 'postgresql://payments@127.0.0.1:5432/payments' }
const ACH = {
  ACH_SFTP_HOST: 'sftp.bank.example',
  ACH_SFTP_USER: 'platform',
  ACH_SFTP_PRIVATE_KEY_FILE: '/etc/ach/key',
  ACH_SFTP_HOST_KEY_FINGERPRINT: `SHA256:${'A'.repeat(43)}`,
  ACH_ODFI_ROUTING_NUMBER: '081000032',
  ACH_COMPANY_ID: '1234567890',
  ACH_COMPANY_NAME: 'Payments Inc',
  ACH_IMMEDIATE_DESTINATION: '081000032',
  ACH_IMMEDIATE_ORIGIN: '1234567890',
}

describe('ACH settings', () => {
  it('are off without ACH_SFTP_HOST', () => {
    expect(achSettingsOf(loadPaymentsConfig(BASE), () => 'key')).toBeUndefined()
  })

  it('name every required setting missing once ACH_SFTP_HOST is set', () => {
    expect(() => loadPaymentsConfig({ ...BASE, ACH_SFTP_HOST: 'sftp.bank.example', ACH_BALANCED_FILE: 'true' })).toThrow(
      /ACH_SFTP_USER: required when ACH_SFTP_HOST is set[\s\S]*ACH_IMMEDIATE_ORIGIN: required[\s\S]*ACH_OFFSET_ACCOUNT_NUMBER: required/,
    )
  })

  it('build the originator, the transport and the schedule', () => {
    const settings = achSettingsOf(loadPaymentsConfig({ ...BASE, ...ACH, ACH_CUTOFF_TIMES: '10:30, 16:00' }), (path) => `key of ${path}`)
    expect(settings).toMatchObject({
      originator: { odfiIdentification: '08100003', companyId: '1234567890', entryDescription: 'PAYOUT' },
      sftp: { host: 'sftp.bank.example', port: 22, privateKey: 'key of /etc/ach/key', outboundDir: '/outbound' },
      cutoffTimes: ['10:30', '16:00'],
      effectiveDays: 1,
    })
    expect(settings!.offset).toBeUndefined()
    expect(() => loadPaymentsConfig({ ...BASE, ...ACH, ACH_CUTOFF_TIMES: '25:00' })).toThrow(/HH:MM/)
    const closing = achSettingsOf(loadPaymentsConfig({ ...BASE, ...ACH, ACH_EXTRA_BANK_HOLIDAYS: '2026-12-24, 2026-12-31' }), () => '')!
    expect(closing.calendar.isBankingDay(new Date('2026-12-24T00:00:00Z'))).toBe(false)
    expect(settings!.calendar.isBankingDay(new Date('2026-12-24T00:00:00Z'))).toBe(true)
    expect(() => loadPaymentsConfig({ ...BASE, ...ACH, ACH_EXTRA_BANK_HOLIDAYS: '24/12/2026' })).toThrow(/YYYY-MM-DD/)
  })
})
