import { describe, expect, it } from 'vitest'
import { maskCorrectedData, maskRecords } from './masking.js'

describe('masking what the bank sent back', () => {
  it('keeps the last four characters of an account number and the routing numbers whole', () => {
    expect(maskCorrectedData('C01', '123456789')).toBe('*****6789')
    expect(maskCorrectedData('C02', '021000021')).toBe('021000021')
    expect(maskCorrectedData('C03', '021000021   987654321')).toBe('021000021   *****4321')
  })

  it('masks the account number of an entry record and keeps its length', () => {
    const entry = `621021000021${'12345678901'.padEnd(17)}0000012345TX1            RECEIVER 1              1021000020000001`
    const masked = maskRecords(entry)
    expect(masked).toHaveLength(entry.length)
    expect(masked).not.toContain('12345678901')
    expect(masked.slice(12, 29).trim()).toBe('*******8901')
  })
})
