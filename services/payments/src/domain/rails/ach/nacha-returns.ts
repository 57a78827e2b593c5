import { RECORD_LENGTH } from './nacha-file.js'

/**
 * Reads an inbound NACHA file: its returns, notifications of change and the credits received.
 * Each entry detail record followed by an addenda of type 99 carries the return reason code and
 * the trace number of the entry it returns; one followed by an addenda of type 98 (a COR entry)
 * carries a change code (C01...) and the corrected data for the entry it names; a credit entry
 * (transaction code 22 or 32) with no addenda or a payment-information one (type 05) is money sent
 * to one of the deployment's virtual account numbers. Every other record is checked for its length
 * and otherwise passed over (file controls, 9-fill); any other entry is kept as an item nobody
 * can match.
 */

/** The return reasons this platform names; any other R code is still read and reported. */
export const RETURN_REASONS: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account or unable to locate account',
  R04: 'Invalid account number structure',
  R16: 'Account frozen or blocked',
  R29: 'Corporate customer advises not authorized',
}

export interface AchReturn {
  /** R01, R02... */
  returnCode: string
  /** The trace number of the entry this platform sent, as the returning bank quotes it. */
  originalTraceNumber: string
  amount: bigint
  /** The return entry's own trace number (the returning bank's). */
  traceNumber: string
  /** The return record and its addenda, kept for an operator when nothing matches. */
  records: string
}

/** An entry detail record that came without a return addenda: the file is read on, the record kept. */
export interface UnreadableEntry {
  records: string
  problem: string
}

/** The change codes this platform names; any other C code is still read and reported. */
export const CHANGE_REASONS: Record<string, string> = {
  C01: 'Incorrect account number',
  C02: 'Incorrect routing number',
  C03: 'Incorrect routing number and account number',
  C05: 'Incorrect transaction code (account kind)',
  C06: 'Incorrect account number and transaction code',
  C07: 'Incorrect routing number, account number and transaction code',
}

/** A notification of change: the entry went through, but the receiver's bank says how to address the next one. */
export interface AchNotification {
  /** C01, C02... */
  changeCode: string
  originalTraceNumber: string
  /** As the bank wrote it (29 characters, trimmed): it may hold a full account number. */
  correctedData: string
  records: string
}

/** A credit the bank received for the deployment: the virtual account number names the internal account. */
export interface AchIncomingCredit {
  accountNumber: string
  amount: bigint
  /** The originating bank's trace number: with the effective date, what names this credit for good. */
  traceNumber: string
  /** The batch's effective entry date, YYMMDD. */
  effectiveDate: string
  /** The originator's company name (batch header) and the entry's receiver name, as sent. */
  payerName: string
  receiverName: string
  /** The payment-related information of a type 05 addenda, if any. */
  paymentInformation?: string
  records: string
}

/** Transaction codes of a live credit to a checking (22) or savings (32) account. */
const CREDIT_CODES = new Set(['22', '32'])

export interface ReturnFile {
  returns: AchReturn[]
  notifications: AchNotification[]
  credits: AchIncomingCredit[]
  unreadable: UnreadableEntry[]
}

export function readReturnFile(content: string): ReturnFile {
  const lines = content.split(/\r?\n/).filter((line) => line.length > 0)
  const returns: AchReturn[] = []
  const notifications: AchNotification[] = []
  const credits: AchIncomingCredit[] = []
  const unreadable: UnreadableEntry[] = []
  let batchHeader = ''
  lines.forEach((line, i) => {
    if (line.length !== RECORD_LENGTH) throw new Error(`record ${i + 1} has ${line.length} characters, not ${RECORD_LENGTH}`)
  })
  for (let i = 0; i < lines.length; i++) {
    const entry = lines[i]!
    if (entry.startsWith('5')) batchHeader = entry
    if (!entry.startsWith('6')) continue
    const addenda = lines[i + 1]
    if (CREDIT_CODES.has(entry.slice(1, 3)) && !addenda?.startsWith('798') && !addenda?.startsWith('799')) {
      const information = addenda?.startsWith('705') ? addenda : undefined
      if (information) i += 1
      credits.push(incomingCreditOf(batchHeader, entry, information))
      continue
    }
    if (addenda?.startsWith('798')) {
      i += 1
      const notification = notificationOf(entry, addenda)
      if (typeof notification === 'string') unreadable.push({ records: `${entry}\n${addenda}`, problem: notification })
      else notifications.push(notification)
      continue
    }
    if (!addenda?.startsWith('799')) {
      unreadable.push({ records: entry, problem: 'an entry without a return (type 99) or change (type 98) addenda' })
      continue
    }
    i += 1
    const returnCode = addenda.slice(3, 6)
    const originalTraceNumber = addenda.slice(6, 21)
    if (!/^R[0-9]{2}$/.test(returnCode) || !/^[0-9]{15}$/.test(originalTraceNumber)) {
      unreadable.push({ records: `${entry}\n${addenda}`, problem: 'a return addenda without a reason code or original trace number' })
      continue
    }
    returns.push({
      returnCode,
      originalTraceNumber,
      amount: BigInt(entry.slice(29, 39)),
      traceNumber: entry.slice(79, 94),
      records: `${entry}\n${addenda}`,
    })
  }
  return { returns, notifications, credits, unreadable }
}

function incomingCreditOf(batchHeader: string, entry: string, information: string | undefined): AchIncomingCredit {
  return {
    accountNumber: entry.slice(12, 29).trim(),
    amount: BigInt(entry.slice(29, 39)),
    traceNumber: entry.slice(79, 94),
    effectiveDate: batchHeader.slice(69, 75),
    payerName: batchHeader.slice(4, 20).trim(),
    receiverName: entry.slice(54, 76).trim(),
    ...(information && { paymentInformation: information.slice(3, 83).trim() }),
    records: information ? `${entry}\n${information}` : entry,
  }
}

function notificationOf(entry: string, addenda: string): AchNotification | string {
  const changeCode = addenda.slice(3, 6)
  const originalTraceNumber = addenda.slice(6, 21)
  if (!/^C[0-9]{2}$/.test(changeCode) || !/^[0-9]{15}$/.test(originalTraceNumber)) {
    return 'a change addenda without a change code or original trace number'
  }
  return { changeCode, originalTraceNumber, correctedData: addenda.slice(35, 64).trim(), records: `${entry}\n${addenda}` }
}

/** How a return code reads to people: its NACHA description, or the code alone. */
export const returnReasonOf = (code: string): string => RETURN_REASONS[code] ?? `ACH return ${code}`
