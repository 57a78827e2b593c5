/**
 * Writes outbound NACHA files: fixed 94-character records (file header, one batch per SEC code,
 * entries, batch and file controls), 9-filled to whole blocks of ten records. The platform pays
 * out, it does not pull: its entries are credits (service class 220). A bank that wants balanced
 * files gets each batch closed by one offset debit of the originator's own account for the
 * batch's credits (service class 200).
 */

export const RECORD_LENGTH = 94
const BLOCKING_FACTOR = 10
const CREDITS_ONLY = '220'
const MIXED = '200'

/** Who sends the file and to whom, from the deployment's ACH configuration. */
export interface NachaOriginator {
  /** The bank's routing number receiving the file (9 digits). */
  immediateDestination: string
  immediateDestinationName: string
  /** The sender's identification at the bank (up to 10 characters, usually a routing or tax id). */
  immediateOrigin: string
  immediateOriginName: string
  companyName: string
  /** The company identification the bank assigned (10 characters). */
  companyId: string
  /** The first 8 digits of the originating bank's routing number; every trace number starts with it. */
  odfiIdentification: string
  /** What the receiver's statement shows (10 characters), e.g. PAYOUT. */
  entryDescription: string
}

export type SecCode = 'PPD' | 'CCD'

/** PPD pays an individual's account, CCD a business's. */
export const secCodeOf = (beneficiaryType: 'INDIVIDUAL' | 'BUSINESS'): SecCode => (beneficiaryType === 'BUSINESS' ? 'CCD' : 'PPD')
export type AccountKind = 'CHECKING' | 'SAVINGS'

export interface NachaCredit {
  secCode: SecCode
  /** The receiving bank's routing number, 9 digits with its check digit. */
  routingNumber: string
  accountNumber: string
  accountKind: AccountKind
  /** In cents; at most 10 digits (0 for a prenote). */
  amount: bigint
  /** A prenote: the zero-dollar entry that validates the account before money is sent to it. */
  prenote?: boolean
  receiverName: string
  /** Shown to the receiver (15 characters): the platform's reference of the payout. */
  receiverReference: string
  /** 15 digits: the ODFI identification followed by a 7-digit sequence. */
  traceNumber: string
}

/** The originator's own account that a balanced file's offset debits draw on. */
export interface NachaOffset {
  routingNumber: string
  accountNumber: string
  accountKind: AccountKind
  /** The trace number of each batch's offset entry (they are entries of the file, unique like the others). */
  traceNumbers: Record<SecCode, string>
}

export interface NachaFileInput {
  originator: NachaOriginator
  /** Present when the bank wants a balanced file. */
  offset?: NachaOffset
  createdAt: Date
  /** Tells apart files sent the same day (A-Z, 0-9). */
  fileIdModifier: string
  /** The day the receivers are credited, YYMMDD. */
  effectiveDate: string
  credits: NachaCredit[]
}

/** A built file with the totals it declares. */
export interface NachaFile {
  content: string
  /** Entries of the file, offsets included. */
  entryCount: number
  totalCredit: bigint
  totalDebit: bigint
  entryHash: string
}

const CREDIT_CODES: Record<AccountKind, string> = { CHECKING: '22', SAVINGS: '32' }
const PRENOTE_CODES: Record<AccountKind, string> = { CHECKING: '23', SAVINGS: '33' }
const DEBIT_CODES: Record<AccountKind, string> = { CHECKING: '27', SAVINGS: '37' }

/** The file of `input`: one batch per SEC code in the order PPD, CCD, entries in the given order. */
export function buildNachaFile(input: NachaFileInput): NachaFile {
  if (input.credits.length === 0) throw new Error('a NACHA file needs at least one entry')
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) throw new Error('the file id modifier is one of A-Z or 0-9')
  const { originator } = input
  const records = [fileHeader(originator, input.createdAt, input.fileIdModifier)]
  let entryHash = 0n
  let totalCredit = 0n
  let totalDebit = 0n
  let entryCount = 0
  let batchCount = 0
  for (const secCode of ['PPD', 'CCD'] as const) {
    const credits = input.credits.filter((credit) => credit.secCode === secCode)
    if (credits.length === 0) continue
    batchCount += 1
    const batch = buildBatch(originator, secCode, input.effectiveDate, batchCount, credits, input.offset)
    records.push(...batch.records)
    entryHash += batch.hash
    totalCredit += batch.credit
    totalDebit += batch.debit
    entryCount += batch.entryCount
  }
  const recordCount = records.length + 1
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR)
  const hash = tenDigits(entryHash)
  records.push(
    '9' +
      num(batchCount, 6) +
      num(blockCount, 6) +
      num(entryCount, 8) +
      hash +
      num(totalDebit, 12) +
      num(totalCredit, 12) +
      alpha('', 39),
  )
  while (records.length % BLOCKING_FACTOR !== 0) records.push('9'.repeat(RECORD_LENGTH))
  for (const record of records) if (record.length !== RECORD_LENGTH) throw new Error(`a NACHA record of ${record.length} characters: ${record}`)
  return { content: records.join('\n') + '\n', entryCount, totalCredit, totalDebit, entryHash: hash }
}

function fileHeader(originator: NachaOriginator, at: Date, modifier: string): string {
  const iso = at.toISOString()
  return (
    '101' +
    alpha(' ' + digits(originator.immediateDestination, 9, 'immediate destination'), 10) +
    rightAlpha(originator.immediateOrigin, 10) +
    iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) +
    iso.slice(11, 13) + iso.slice(14, 16) +
    modifier +
    '094' +
    '10' +
    '1' +
    alpha(originator.immediateDestinationName, 23) +
    alpha(originator.immediateOriginName, 23) +
    alpha('', 8)
  )
}

function buildBatch(originator: NachaOriginator, secCode: SecCode, effectiveDate: string, number: number, credits: NachaCredit[], offset: NachaOffset | undefined) {
  const odfi = digits(originator.odfiIdentification, 8, 'ODFI identification')
  const companyId = alpha(originator.companyId, 10)
  const serviceClass = offset ? MIXED : CREDITS_ONLY
  const records = [
    '5' +
      serviceClass +
      alpha(originator.companyName, 16) +
      alpha('', 20) +
      companyId +
      secCode +
      alpha(originator.entryDescription, 10) +
      alpha('', 6) +
      digits(effectiveDate, 6, 'effective date') +
      '   ' +
      '1' +
      odfi +
      num(number, 7),
  ]
  let hash = 0n
  let credit = 0n
  for (const entry of credits) {
    records.push(entryRecord((entry.prenote ? PRENOTE_CODES : CREDIT_CODES)[entry.accountKind], entry, odfi))
    hash += BigInt(entry.routingNumber.slice(0, 8))
    credit += entry.amount
  }
  const debit = offset ? credit : 0n
  if (offset) {
    const balancing = {
      routingNumber: offset.routingNumber,
      accountNumber: offset.accountNumber,
      amount: credit,
      receiverName: originator.companyName,
      receiverReference: 'OFFSET',
      traceNumber: offset.traceNumbers[secCode],
    }
    records.push(entryRecord(DEBIT_CODES[offset.accountKind], balancing, odfi))
    hash += BigInt(offset.routingNumber.slice(0, 8))
  }
  const entryCount = records.length - 1
  records.push(
    '8' +
      serviceClass +
      num(entryCount, 6) +
      tenDigits(hash) +
      num(debit, 12) +
      num(credit, 12) +
      companyId +
      alpha('', 19) +
      alpha('', 6) +
      odfi +
      num(number, 7),
  )
  return { records, hash, credit, debit, entryCount }
}

type EntryFields = Pick<NachaCredit, 'routingNumber' | 'accountNumber' | 'amount' | 'receiverName' | 'receiverReference' | 'traceNumber' | 'prenote'>

function entryRecord(transactionCode: string, entry: EntryFields, odfi: string): string {
  assertEntry(entry, odfi)
  return (
    '6' +
    transactionCode +
    entry.routingNumber +
    alpha(entry.accountNumber, 17) +
    num(entry.amount, 10) +
    alpha(entry.receiverReference, 15) +
    alpha(entry.receiverName, 22) +
    '  ' +
    '0' +
    entry.traceNumber
  )
}

/** Throws what a bank would reject in one entry: the rail checks each payout with it before it goes into a file. */
export function assertEntry(entry: EntryFields, odfiIdentification: string): void {
  routingNumber(entry.routingNumber)
  accountNumber(entry.accountNumber)
  if (entry.prenote ? entry.amount !== 0n : entry.amount <= 0n || entry.amount > 9_999_999_999n) {
    throw new Error(`an ACH ${entry.prenote ? 'prenote' : 'credit'} of ${entry.amount} cents is out of range`)
  }
  digits(entry.traceNumber, 15, 'trace number')
  if (!entry.traceNumber.startsWith(odfiIdentification)) throw new Error(`trace number ${entry.traceNumber} does not start with the ODFI identification`)
}

/**
 * The trace number of the `sequence`-th entry this originator sends: its ODFI identification and a
 * 7-digit sequence. Returns quote it, so it is how a returned entry finds its transaction.
 */
export function traceNumber(odfiIdentification: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 9_999_999) throw new Error(`trace sequence ${sequence} is out of range`)
  return digits(odfiIdentification, 8, 'ODFI identification') + num(sequence, 7)
}

/** A US routing number with a valid ABA check digit. */
export function routingNumber(value: string): string {
  const routing = digits(value, 9, 'routing number')
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
  const sum = [...routing].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0)
  if (sum % 10 !== 0) throw new Error(`routing number ${value} fails its check digit`)
  return routing
}

function accountNumber(value: string): string {
  if (!/^[A-Za-z0-9-]{1,17}$/.test(value)) throw new Error('an ACH account number is 1 to 17 letters, digits or dashes')
  return value
}

/** The entry hash as a file declares it: the sum's last ten digits. */
const tenDigits = (sum: bigint): string => num(sum % 10_000_000_000n, 10)

function digits(value: string, length: number, what: string): string {
  if (!new RegExp(`^[0-9]{${length}}$`).test(value)) throw new Error(`the ${what} must be ${length} digits`)
  return value
}

function num(value: number | bigint, length: number): string {
  const text = value.toString()
  if (text.length > length || text.startsWith('-')) throw new Error(`${text} does not fit ${length} digits`)
  return text.padStart(length, '0')
}

/** Alphanumeric fields: upper case, printable ASCII, left-justified, cut to the field. */
function alpha(value: string, length: number): string {
  return clean(value).slice(0, length).padEnd(length, ' ')
}

function rightAlpha(value: string, length: number): string {
  return clean(value).slice(0, length).padStart(length, ' ')
}

const clean = (value: string): string => value.toUpperCase().replace(/[^\x20-\x7E]/g, ' ')
