import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { buildNachaFile, routingNumber, traceNumber, type NachaCredit, type NachaOriginator } from './nacha-file.js'
import { readReturnFile, returnReasonOf } from './nacha-returns.js'

/** An independent NACHA parser (npm), so the file is checked by code that did not write it. */
interface ParsedEntry {
  transactionCode: string
  receivingDFIIdentification: number
  checkDigit: number
  dfiAccount: string
  amount: number
  identificationNumber: string
  traceNumber: number
}
interface ParsedFile {
  file: { destination: string; origin: string; idModifier: string; footer: { batchCount: number; blockCount: number; entryAndAddendaCount: number; entryHash: number; totalDebit: number; totalCredit: number } }
  batches: Array<{
    entryClassCode: string
    companyId: string
    originatingDFIIdentification: string
    entries: ParsedEntry[]
    footer: { entryAndAddendaCount: number; entryHash: number; totalCredit: number; totalDebit: number }
  }>
}
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as { from(source: string): { data: ParsedFile } }

const originator: NachaOriginator = {
  immediateDestination: '081000032',
  immediateDestinationName: 'Example Bank',
  immediateOrigin: '1234567890',
  immediateOriginName: 'Payments Platform',
  companyName: 'Payments Platform',
  companyId: '1234567890',
  odfiIdentification: '08100003',
  entryDescription: 'PAYOUT',
}

const credit = (secCode: 'PPD' | 'CCD', sequence: number, amount: bigint, routing = '021000021'): NachaCredit => ({
  secCode,
  routingNumber: routing,
  accountNumber: `12345${sequence}`,
  accountKind: sequence % 2 ? 'CHECKING' : 'SAVINGS',
  amount,
  receiverName: `Receiver ${sequence}`,
  receiverReference: `TX${sequence}`,
  traceNumber: traceNumber('08100003', sequence),
})

describe('buildNachaFile', () => {
  const credits = [credit('PPD', 1, 12_345n), credit('CCD', 2, 1_000_000n, '011000015'), credit('PPD', 3, 1n, '081000032')]
  const built = buildNachaFile({ originator, createdAt: new Date('2026-11-29T09:30:00Z'), fileIdModifier: 'A', effectiveDate: '261201', credits })
  const lines = built.content.trimEnd().split('\n')

  it('writes 94-character records padded with 9s to whole blocks of ten', () => {
    expect(lines.every((line) => line.length === 94)).toBe(true)
    // header, 2 batch headers, 3 entries, 2 batch controls, file control = 9 records, then one fill
    expect(lines).toHaveLength(10)
    expect(lines[9]).toBe('9'.repeat(94))
    expect(lines[0]!.slice(23, 33)).toBe('2611290930')
  })

  it('reads back through an independent parser with matching counts, hash and totals', () => {
    const parsed = nacha.from(built.content).data
    const footer = parsed.file.footer
    expect(footer).toMatchObject({ batchCount: 2, blockCount: 1, entryAndAddendaCount: 3, totalDebit: 0, totalCredit: 1_012_346 })
    const entries = parsed.batches.flatMap((batch) => batch.entries)
    const hash = entries.reduce((sum, entry) => sum + entry.receivingDFIIdentification, 0)
    expect(footer.entryHash).toBe(hash)
    expect(built.entryHash).toBe(String(hash).padStart(10, '0'))
    for (const batch of parsed.batches) {
      expect(batch.footer.entryAndAddendaCount).toBe(batch.entries.length)
      expect(batch.footer.totalCredit).toBe(batch.entries.reduce((sum, entry) => sum + entry.amount, 0))
      expect(batch.footer.entryHash).toBe(batch.entries.reduce((sum, entry) => sum + entry.receivingDFIIdentification, 0))
      expect(batch.originatingDFIIdentification).toBe('08100003')
      expect(batch.companyId).toBe('1234567890')
    }
    expect(parsed.batches.map((batch) => batch.entryClassCode)).toEqual(['PPD', 'CCD'])
    expect(parsed.batches[0]!.entries.map((entry) => [entry.transactionCode, entry.amount, entry.traceNumber])).toEqual([
      ['22', 12_345, 81000030000001],
      ['22', 1, 81000030000003],
    ])
    expect(parsed.batches[1]!.entries[0]).toMatchObject({ transactionCode: '32', dfiAccount: '123452', identificationNumber: 'TX2' })
  })

  it('keeps the entry hash to its last ten digits', () => {
    const many = Array.from({ length: 120 }, (_, i) => credit('PPD', i + 1, 100n, '981000035'))
    const file = buildNachaFile({ originator, createdAt: new Date(), fileIdModifier: '1', effectiveDate: '261201', credits: many })
    expect(file.entryHash).toBe(((98100003n * 120n) % 10_000_000_000n).toString().padStart(10, '0'))
    const parsed = nacha.from(file.content).data
    expect(parsed.file.footer.blockCount).toBe(13)
    expect(file.content.trimEnd().split('\n')).toHaveLength(130)
  })

  it('closes each batch with an offset debit when the bank wants a balanced file', () => {
    const offset = { routingNumber: '081000032', accountNumber: '99887766', accountKind: 'CHECKING' as const, traceNumbers: { PPD: traceNumber('08100003', 901), CCD: traceNumber('08100003', 902) } }
    const file = buildNachaFile({ originator, offset, createdAt: new Date('2026-11-29T09:30:00Z'), fileIdModifier: 'B', effectiveDate: '261201', credits })
    expect(file).toMatchObject({ entryCount: 5, totalCredit: 1_012_346n, totalDebit: 1_012_346n })
    const parsed = nacha.from(file.content).data
    expect(parsed.file.footer).toMatchObject({ batchCount: 2, entryAndAddendaCount: 5, totalDebit: 1_012_346, totalCredit: 1_012_346 })
    for (const batch of parsed.batches) {
      const offsetEntry = batch.entries.at(-1)!
      expect(offsetEntry).toMatchObject({ transactionCode: '27', dfiAccount: '99887766' })
      expect(batch.footer.totalDebit).toBe(batch.footer.totalCredit)
      expect(batch.footer.entryHash).toBe(batch.entries.reduce((sum, entry) => sum + entry.receivingDFIIdentification, 0))
    }
    expect(parsed.file.footer.entryHash).toBe(Number(file.entryHash))
  })

  it('writes a prenote as a zero-dollar entry with the prenote transaction code of its account kind', () => {
    const prenotes = [{ ...credit('PPD', 1, 0n), prenote: true }, { ...credit('CCD', 2, 0n), prenote: true }, credit('PPD', 3, 700n)]
    const file = buildNachaFile({ originator, createdAt: new Date('2026-11-29T09:30:00Z'), fileIdModifier: 'B', effectiveDate: '261201', credits: prenotes })
    const parsed = nacha.from(file.content).data
    expect(parsed.batches.flatMap((batch) => batch.entries.map((entry) => [entry.transactionCode, entry.amount]))).toEqual([['23', 0], ['22', 700], ['33', 0]])
    expect(parsed.file.footer).toMatchObject({ entryAndAddendaCount: 3, totalCredit: 700 })
  })

  it('refuses what a bank would reject instead of writing it', () => {
    const make = (changed: Partial<NachaCredit>) => () =>
      buildNachaFile({ originator, createdAt: new Date(), fileIdModifier: 'A', effectiveDate: '261201', credits: [{ ...credit('PPD', 1, 5n), ...changed }] })
    expect(make({ routingNumber: '021000022' })).toThrow(/check digit/)
    expect(make({ amount: 0n })).toThrow(/out of range/)
    expect(make({ prenote: true })).toThrow(/prenote of 5 cents/)
    expect(make({ traceNumber: '999999990000001' })).toThrow(/ODFI/)
    expect(make({ accountNumber: '123456789012345678' })).toThrow(/account number/)
    expect(() => routingNumber('12345')).toThrow(/9 digits/)
    expect(() => traceNumber('08100003', 10_000_000)).toThrow(/out of range/)
    expect(traceNumber('08100003', 42)).toBe('081000030000042')
  })
})

describe('readReturnFile', () => {
  const record = (text: string) => text.padEnd(94, ' ')
  const returnEntry = (code: string, originalTrace: string, amount: number) => [
    record(`621021000021${'123451'.padEnd(17)}${String(amount).padStart(10, '0')}${'TX1'.padEnd(15)}${'RECEIVER 1'.padEnd(22)}  1021000020000001`),
    record(`799${code}${originalTrace}      08100003${''.padEnd(44)}021000020000001`),
  ]

  it('reads each return with its reason code, original trace number and amount', () => {
    const file = [record('101 081000032 021000021'), ...returnEntry('R01', '081000030000001', 12_345), ...returnEntry('R29', '081000030000002', 7), '9'.repeat(94)].join('\n')
    const read = readReturnFile(file)
    expect(read.unreadable).toEqual([])
    expect(read.returns.map((r) => [r.returnCode, r.originalTraceNumber, r.amount, r.traceNumber])).toEqual([
      ['R01', '081000030000001', 12_345n, '021000020000001'],
      ['R29', '081000030000002', 7n, '021000020000001'],
    ])
    expect(returnReasonOf('R01')).toBe('Insufficient funds')
    expect(returnReasonOf('R85')).toBe('ACH return R85')
  })

  it('keeps an entry without a return addenda for an operator', () => {
    const [entry] = returnEntry('R01', '081000030000001', 1)
    expect(readReturnFile(entry!).unreadable).toEqual([{ records: entry, problem: expect.stringContaining('addenda') }])
  })

  it('reads a notification of change with its change code and corrected data', () => {
    const entry = record(`621021000021${'123451'.padEnd(17)}${'0'.repeat(10)}${'TX1'.padEnd(15)}${'RECEIVER 1'.padEnd(22)}  1021000020000009`)
    const addenda = record(`798C01081000030000001      08100003${'1234567890'.padEnd(29)}${''.padEnd(15)}021000020000009`)
    const read = readReturnFile([entry, addenda].join('\n'))
    expect(read.returns).toEqual([])
    expect(read.notifications).toEqual([{ changeCode: 'C01', originalTraceNumber: '081000030000001', correctedData: '1234567890', records: `${entry}\n${addenda}` }])
  })

  it('reads a credit to a virtual account number with its payer, trace number, effective date and payment information', () => {
    const batch = record(`5220${'ACME CORP'.padEnd(16)}${''.padEnd(20)}1234567890CCD${'SUPPLIER'.padEnd(10)}${''.padEnd(6)}261201   1081000030000001`)
    const entry = record(`622021000021${'83000000000001'.padEnd(17)}${'0000012345'}${'INV-77'.padEnd(15)}${'PAYMENTS PLATFORM'.padEnd(22)}  1081000030000042`)
    const addenda = record(`705${'INVOICE 77 NOVEMBER'.padEnd(80)}00010000042`)
    const read = readReturnFile([record('101 021000021 081000032'), batch, entry, addenda, '9'.repeat(94)].join('\n'))
    expect(read.unreadable).toEqual([])
    expect(read.credits).toEqual([
      {
        accountNumber: '83000000000001',
        amount: 12_345n,
        traceNumber: '081000030000042',
        effectiveDate: '261201',
        payerName: 'ACME CORP',
        receiverName: 'PAYMENTS PLATFORM',
        paymentInformation: 'INVOICE 77 NOVEMBER',
        records: `${entry}\n${addenda}`,
      },
    ])
  })

  it('refuses a file whose records are not 94 characters', () => {
    expect(() => readReturnFile('101 short')).toThrow(/94/)
  })
})
