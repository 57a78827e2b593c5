/**
 * What payments keeps of the bank's inbound records for an operator, with account numbers cut to
 * their last four characters: the full numbers live sealed in the ledger alone (issue 31).
 */

const mask = (value: string): string => {
  const trimmed = value.trim()
  return '*'.repeat(Math.max(0, trimmed.length - 4)) + trimmed.slice(-4)
}

/** Where a notification's corrected data holds an account number, by change code (NACHA layouts of the 98 addenda). */
const ACCOUNT_SPAN: Record<string, [number, number]> = { C01: [0, 17], C03: [12, 29], C06: [0, 17], C07: [9, 26] }

/** A notification's corrected data with any account number in it masked. */
export function maskCorrectedData(changeCode: string, data: string): string {
  const span = ACCOUNT_SPAN[changeCode]
  if (!span) return data
  const [from, to] = span
  const padded = data.padEnd(29, ' ')
  return (padded.slice(0, from) + mask(padded.slice(from, to)).padEnd(to - from, ' ') + padded.slice(to)).trimEnd()
}

/** Records as the bank wrote them, the entry's account number (positions 13-29) and a 98 addenda's corrected data masked. */
export function maskRecords(records: string): string {
  return records
    .split('\n')
    .map((record) => {
      if (record.startsWith('6') && record.length >= 29) return record.slice(0, 12) + mask(record.slice(12, 29)).padEnd(17, ' ') + record.slice(29)
      if (record.startsWith('798') && record.length >= 64) return record.slice(0, 35) + maskCorrectedData(record.slice(3, 6), record.slice(35, 64)).padEnd(29, ' ') + record.slice(64)
      return record
    })
    .join('\n')
}
